import type { Attestation } from '../domain/attestation';

/** The audit trail of signatures (the `attestations` table): one entry per request, never changed. */
export abstract class AttestationLedger {
  abstract add(attestation: Attestation): Promise<void>;
}
