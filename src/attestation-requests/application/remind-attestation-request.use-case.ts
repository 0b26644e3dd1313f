import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import { UnitOfWork } from '../../database/unit-of-work';
import type { AttestationRequest } from '../domain/attestation-request';
import { AttestationRequestRepository } from './attestation-request.repository';
import { RequestIssuer } from './request-issuer';
import { requestNamed } from './request-reference';
import { RequestTargets } from './request-targets';

/**
 * One reminder now, asked for by an integrator (POST /attestation-requests/{id}/remind): the rules are the
 * request's (AttestationRequest.remindOnRequest), the email is the lifecycle's reminder, written to the outbox
 * through the request issuer in the same transaction as last_reminded_at and relayed once that commits. The
 * request is locked from the check to the write, so two reminders at once send one email and answer one 409.
 */
@Injectable()
export class RemindAttestationRequest {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly requests: AttestationRequestRepository,
    private readonly targets: RequestTargets,
    private readonly clock: Clock,
    private readonly issuer: RequestIssuer,
  ) {}

  async execute(input: { organizationId: string; requestId: string }): Promise<AttestationRequest> {
    return this.unitOfWork.run(async () => {
      const { organizationId } = input;
      const request = await requestNamed(this.requests, input, 'lock');
      const recipient = await this.targets.findRecipient(organizationId, request.personId);
      const document = await this.targets.findDocument(organizationId, request.documentId);
      const now = this.clock.now();
      request.remindOnRequest(now, {
        personArchived: recipient?.archived ?? true,
        documentArchived: document?.archived ?? true,
      });
      await this.requests.save(request);
      await this.issuer.announce([request], 'reminder', now);
      return request;
    });
  }
}
