import { Injectable } from '@nestjs/common';
import { Clock, IllegalTransitionError, NotFoundError } from '@lib/common';
import { UnitOfWork } from '../../database/unit-of-work';
import { NotificationOutbox } from '../../notifications/application/notification-outbox';
import { Notification } from '../../notifications/domain/notification';
import type { AttestationRequest } from '../domain/attestation-request';
import { AttestationRequestRepository } from './attestation-request.repository';

/**
 * Sends an open request's email again (the admin CLI's `request:resend`), to the address the request was
 * created with, message included; typically once a bounced or failed delivery has been looked into. The status
 * does not change now: when the email is accepted, a request with a delivery problem returns to `sent` (the
 * worker does that), and if it is refused again the problem stays. A final request (attested, canceled,
 * expired), or one past its expiry, is refused. The caller relays `notificationId` to the queue.
 */
@Injectable()
export class ResendAttestationRequest {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly requests: AttestationRequestRepository,
    private readonly outbox: NotificationOutbox,
    private readonly clock: Clock,
  ) {}

  async execute(input: { requestId: string }): Promise<{ request: AttestationRequest; notificationId: string }> {
    return this.unitOfWork.run(async () => {
      const request = await this.requests.findById(input.requestId.toLowerCase());
      if (!request) throw new NotFoundError('Attestation request not found.');
      const now = this.clock.now();
      if (!request.isOpen) {
        throw new IllegalTransitionError(`An attestation request in status ${request.status} cannot be sent again.`);
      }
      if (request.isPastExpiry(now)) {
        throw new IllegalTransitionError('The attestation request has expired and cannot be sent again.');
      }
      const notification = Notification.announce({
        organizationId: request.organizationId,
        personId: request.personId,
        kind: 'request_sent',
        attestationRequestIds: [request.id],
        now,
      });
      await this.outbox.addMany([notification]);
      return { request, notificationId: notification.id };
    });
  }
}
