import { Injectable } from '@nestjs/common';
import { Clock, NotFoundError } from '@lib/common';
import type { AttestationRequest } from '../domain/attestation-request';
import { AttestationRequestRepository } from './attestation-request.repository';

/**
 * Cancels a request (the admin CLI's `request:cancel`). A final request (attested, canceled, expired) cannot be
 * canceled: the domain refuses with IllegalTransitionError. A pending email for it is then not sent.
 */
@Injectable()
export class CancelAttestationRequest {
  constructor(
    private readonly requests: AttestationRequestRepository,
    private readonly clock: Clock,
  ) {}

  async execute(input: { requestId: string }): Promise<AttestationRequest> {
    const request = await this.requests.findById(input.requestId.toLowerCase());
    if (!request) throw new NotFoundError('Attestation request not found.');
    request.cancel(this.clock.now());
    await this.requests.save(request);
    return request;
  }
}
