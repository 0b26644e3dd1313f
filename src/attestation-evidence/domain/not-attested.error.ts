import { DomainError } from '@lib/core';

/** A certificate of completion exists only for a signed request. */
export class NotAttestedError extends DomainError {
  readonly code = 'conflict' as const;
  constructor() {
    super('The attestation request is not attested.');
  }
}
