import { Injectable } from '@nestjs/common';
import type { AttestationRequest } from '../domain/attestation-request';
import { AttestationRequestRepository } from './attestation-request.repository';
import { requestNamed } from './request-reference';

/** One request of the organization; another organization's request is not found. */
@Injectable()
export class ShowAttestationRequest {
  constructor(private readonly requests: AttestationRequestRepository) {}

  execute(input: { organizationId: string; requestId: string }): Promise<AttestationRequest> {
    return requestNamed(this.requests, input);
  }
}
