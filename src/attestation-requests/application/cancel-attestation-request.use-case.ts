import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import { UnitOfWork } from '../../database/unit-of-work';
import type { AttestationRequest, WithdrawalReason } from '../domain/attestation-request';
import { AttestationRequestRepository } from './attestation-request.repository';
import { RequestReference, requestNamed } from './request-reference';

/**
 * Cancels a request (POST /attestation-requests/{id}/cancel and the admin CLI's `request:cancel`). An open
 * request becomes canceled; one already canceled is answered as it is; an attested or expired one is refused
 * (AttestationRequest.withdraw, IllegalTransitionError). A pending email for it is then not sent, its page
 * answers 410 and no reminder goes out. The request is locked from the check to the write, so a signature
 * arriving meanwhile is either refused or refuses the cancel. `reason` is `canceled` unless the caller cancels
 * because the person was archived (SCIM deactivation): `archived`.
 */
@Injectable()
export class CancelAttestationRequest {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly requests: AttestationRequestRepository,
    private readonly clock: Clock,
  ) {}

  async execute(input: RequestReference & { reason?: WithdrawalReason }): Promise<AttestationRequest> {
    return this.unitOfWork.run(async () => {
      const request = await requestNamed(this.requests, input, 'lock');
      if (request.withdraw(this.clock.now(), input.reason)) await this.requests.save(request);
      return request;
    });
  }
}
