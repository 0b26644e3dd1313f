import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import { UnitOfWork } from '../../database/unit-of-work';
import type { AttestationRequest } from '../domain/attestation-request';
import { AttestationRequestRepository } from './attestation-request.repository';
import { RequestIssuer } from './request-issuer';
import { RequestReference, requestNamed } from './request-reference';

/**
 * Sends an open request's email again (the admin CLI's `request:resend`), to the address the request was
 * created with, message included; typically once a bounced or failed delivery has been looked into. The status
 * does not change now: when the email is accepted, a request with a delivery problem returns to `sent` (the
 * worker does that), and if it is refused again the problem stays. A final request (attested, canceled,
 * expired), or one past its expiry, is refused (AttestationRequest.assertResendable). The email is relayed to
 * the queue once the transaction commits.
 */
@Injectable()
export class ResendAttestationRequest {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly requests: AttestationRequestRepository,
    private readonly issuer: RequestIssuer,
    private readonly clock: Clock,
  ) {}

  async execute(input: RequestReference): Promise<AttestationRequest> {
    return this.unitOfWork.run(async () => {
      const request = await requestNamed(this.requests, input);
      const now = this.clock.now();
      request.assertResendable(now);
      await this.issuer.announce([request], 'request_sent', now);
      return request;
    });
  }
}
