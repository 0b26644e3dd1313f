import { Injectable, Optional } from '@nestjs/common';
import { Clock } from '@lib/core';
import { UnitOfWork } from '../../database/unit-of-work';
import type { Notification, NotificationKind } from '../domain/notification';
import { composeConfirmationEmail } from '../templates/confirmation-email';
import { composeRequestEmail, RequestEmailPurpose } from '../templates/request-email';
import { AnnouncedRequest, AnnouncedRequests } from './announced-requests';
import { ConsoleLinkEmails } from './console-link-emails';
import { Mailer, OutgoingEmail } from './mailer';
import { NotificationDetails } from './notification-details';
import { NotificationOutbox } from './notification-outbox';
import type { DeliveryAttempt } from './notification-queue';
import { PermanentDeliveryError } from './permanent-delivery.error';
import { SignedCopies } from './signed-copies';

export type DeliveryOutcome = 'sent' | 'already_done' | 'obsolete';

const PURPOSES: Record<Exclude<NotificationKind, 'console_link' | 'confirmation'>, RequestEmailPurpose> = {
  requests_issued: 'request',
  request_sent: 'request',
  reminder: 'reminder',
  renewal: 'renewal',
};

/**
 * Sends one notification's email, at most once. The notification row stays locked from the check to the
 * "sent" mark, and the mark commits right after the SMTP server accepts the message, so a retried or
 * re-relayed job finds it sent and sends nothing. When the last attempt fails the requests become `failed`;
 * when the server refuses the address for good they become `bounced` at once.
 */
@Injectable()
export class DeliverNotification {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly outbox: NotificationOutbox,
    private readonly requests: AnnouncedRequests,
    private readonly details: NotificationDetails,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
    // Where the console is not loaded (some tests build this class by hand), no console link is ever written.
    @Optional() private readonly consoleLinks?: ConsoleLinkEmails,
    // Where the evidence module is not loaded (some tests), a confirmation waits, pending, for a worker that has it.
    @Optional() private readonly signedCopies?: SignedCopies,
  ) {}

  async execute(attempt: DeliveryAttempt): Promise<DeliveryOutcome> {
    const result = await this.unitOfWork.run(async () => {
      const notification = await this.outbox.lockForDelivery(attempt.notificationId);
      if (!notification || !notification.isPending) return { outcome: 'already_done' as const };
      if (notification.consoleLinkId !== null) return this.deliverConsoleLink(notification, attempt.isFinal);
      if (notification.kind === 'confirmation') return this.deliverConfirmation(notification, attempt.isFinal);
      const open = await this.requests.findOpenForDelivery(notification.attestationRequestIds);
      if (open.length === 0) {
        notification.markObsolete(this.clock.now());
        await this.outbox.save(notification);
        return { outcome: 'obsolete' as const };
      }
      const email = await this.compose(notification, open);
      try {
        await this.mailer.send(email);
      } catch (error) {
        await this.recordFailure(notification, open, error, attempt.isFinal);
        return { error };
      }
      await this.recordSent(notification, open);
      return { outcome: 'sent' as const };
    });
    // Thrown only now, so the failure's bookkeeping above is committed, not rolled back.
    if ('error' in result) throw result.error;
    return result.outcome;
  }

  /** A console link's email: sent once while the link is open; retried like any email, never marking requests. */
  private async deliverConsoleLink(
    notification: Notification,
    isFinal: boolean,
  ): Promise<{ outcome: DeliveryOutcome } | { error: unknown }> {
    const email = this.consoleLinks
      ? await this.consoleLinks.composeForDelivery(
          notification.consoleLinkId!,
          `<notification-${notification.id}@attestations>`,
        )
      : null;
    const now = this.clock.now();
    if (email === null) {
      notification.markObsolete(now);
      await this.outbox.save(notification);
      return { outcome: 'obsolete' };
    }
    return this.sendAlone(notification, email, isFinal);
  }

  /**
   * The signer's copy: the certificate is drawn inside the row's lock and transaction, so a worker that dies
   * before the server accepted the message leaves the row pending, and the next attempt draws and sends it again:
   * one email in the end.
   */
  private async deliverConfirmation(
    notification: Notification,
    isFinal: boolean,
  ): Promise<{ outcome: DeliveryOutcome } | { error: unknown }> {
    if (!this.signedCopies) throw new Error('this process cannot draw certificates: the confirmation stays pending');
    const copy = await this.signedCopies.forDelivery(
      notification.organizationId,
      notification.attestationRequestIds[0],
    );
    if (copy === null) {
      notification.markObsolete(this.clock.now());
      await this.outbox.save(notification);
      return { outcome: 'obsolete' };
    }
    const email: OutgoingEmail = {
      ...composeConfirmationEmail(copy),
      to: { name: copy.recipientName, address: copy.recipientEmail },
      messageId: `<notification-${notification.id}@attestations>`,
      attachments: [
        { filename: copy.certificate.filename, contentType: 'application/pdf', content: copy.certificate.pdf },
      ],
    };
    return this.sendAlone(notification, email, isFinal);
  }

  /** An email that moves no request: sent and marked, or its failure recorded (given up when final or refused). */
  private async sendAlone(
    notification: Notification,
    email: OutgoingEmail,
    isFinal: boolean,
  ): Promise<{ outcome: DeliveryOutcome } | { error: unknown }> {
    try {
      await this.mailer.send(email);
    } catch (error) {
      const now = this.clock.now();
      const reason = error instanceof Error ? error.message : String(error);
      if (isFinal || error instanceof PermanentDeliveryError) notification.giveUp(reason, now);
      else notification.recordFailedAttempt(reason, now);
      await this.outbox.save(notification);
      return { error };
    }
    notification.markSent(this.clock.now());
    await this.outbox.save(notification);
    return { outcome: 'sent' };
  }

  private async compose(notification: Notification, requests: AnnouncedRequest[]): Promise<OutgoingEmail> {
    const [organizationName, documentNames, locale] = await Promise.all([
      this.details.organizationName(notification.organizationId),
      this.details.documentNames(requests.map((r) => r.documentId)),
      this.details.recipientLocale(notification.organizationId, notification.personId),
    ]);
    const recipient = requests[0];
    const content = composeRequestEmail({
      purpose: PURPOSES[notification.kind as keyof typeof PURPOSES],
      locale,
      organizationName,
      recipientName: recipient.recipientName,
      requests: [...requests]
        .map((r) => ({
          documentName: documentNames.get(r.documentId) ?? 'Document',
          url: this.requests.pageUrlFor(r.id),
        }))
        .sort((a, b) => a.documentName.localeCompare(b.documentName)),
      // The sender's words belong to one request: shown when the email is about that request alone.
      message: notification.kind !== 'requests_issued' && requests.length === 1 ? recipient.recipientMessage : null,
    });
    return {
      ...content,
      to: { name: recipient.recipientName, address: recipient.recipientEmail },
      messageId: `<notification-${notification.id}@attestations>`,
    };
  }

  private async recordSent(notification: Notification, requests: AnnouncedRequest[]): Promise<void> {
    const now = this.clock.now();
    notification.markSent(now);
    await this.outbox.save(notification);
    await this.requests.recordDelivery(
      requests.map((r) => r.id),
      now,
    );
  }

  private async recordFailure(
    notification: Notification,
    requests: AnnouncedRequest[],
    error: unknown,
    isFinal: boolean,
  ): Promise<void> {
    const now = this.clock.now();
    const reason = error instanceof Error ? error.message : String(error);
    const permanent = error instanceof PermanentDeliveryError;
    if (!permanent && !isFinal) {
      notification.recordFailedAttempt(reason, now);
      await this.outbox.save(notification);
      return;
    }
    notification.giveUp(reason, now);
    await this.outbox.save(notification);
    const problem = permanent ? 'bounced' : 'failed';
    // A delivery problem is about the latest email: a request re-sent since keeps what its newer email achieved.
    const superseded = await this.outbox.requestsAnnouncedSince(notification);
    const affected = requests.map((r) => r.id).filter((id) => !superseded.has(id));
    await this.requests.recordDeliveryProblem(affected, problem, now);
  }
}
