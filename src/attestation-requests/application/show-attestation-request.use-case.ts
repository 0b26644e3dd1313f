import { Injectable } from '@nestjs/common';
import { NotFoundError } from '@lib/core';
import type { AttestationRequest } from '../domain/attestation-request';
import { AttestationRequestRepository } from './attestation-request.repository';

/** One request of the organization; another organization's request is not found. */
@Injectable()
export class ShowAttestationRequest {
  constructor(private readonly requests: AttestationRequestRepository) {}

  async execute(input: { organizationId: string; requestId: string }): Promise<AttestationRequest> {
    const request = await this.requests.findInOrganization(input.organizationId, input.requestId.toLowerCase());
    if (!request) throw new NotFoundError();
    return request;
  }
}
