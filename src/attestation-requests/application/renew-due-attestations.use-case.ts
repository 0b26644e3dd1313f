import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/common';
import { AppConfig } from '../../config/app-config';
import { UnitOfWork } from '../../database/unit-of-work';
import { NotificationOutbox } from '../../notifications/application/notification-outbox';
import { Notification } from '../../notifications/domain/notification';
import { AttestationRequest } from '../domain/attestation-request';
import { defaultExpiry } from '../domain/request-expiry';
import { AttestationLinks } from './attestation-links';
import { AttestationRequestRepository } from './attestation-request.repository';
import { groupByPerson } from './group-by-person';
import { RequestTargets } from './request-targets';

const BATCH = 200;
const MAX_BATCHES = 20;

export interface RenewalsIssued {
  /** The new requests. */
  requestIds: string[];
  /** To relay to the queue once committed. */
  notificationIds: string[];
}

/**
 * The scheduled renewal pass. When a person's signature of a document with `auto_renew` falls due (attested_at
 * plus renewal_interval_days has passed) and nothing was issued to them for that document since, a new request
 * (source `system`) for the document's latest revision is issued and emailed; one email per person lists all of
 * their renewals. Each person's renewals are decided again under the (document, person) locks that every issuer
 * takes, so two workers, or a renewal racing an API call, never issue two requests.
 */
@Injectable()
export class RenewDueAttestations {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly requests: AttestationRequestRepository,
    private readonly targets: RequestTargets,
    private readonly outbox: NotificationOutbox,
    private readonly links: AttestationLinks,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  async execute(): Promise<RenewalsIssued> {
    const issued: RenewalsIssued = { requestIds: [], notificationIds: [] };
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const due = await this.requests.findDueRenewals({ now: this.clock.now(), limit: BATCH });
      for (const attested of groupByPerson(due)) {
        const renewed = await this.unitOfWork.run(() => this.renew(attested));
        if (!renewed) continue;
        issued.requestIds.push(...renewed.requestIds);
        issued.notificationIds.push(renewed.notificationId);
      }
      if (due.length < BATCH) break;
    }
    return issued;
  }

  /** Renews one person's due signatures, re-checked under lock; null when another issuer got there first. */
  private async renew(
    attested: AttestationRequest[],
  ): Promise<{ requestIds: string[]; notificationId: string } | null> {
    const now = this.clock.now();
    const { organizationId, personId } = attested[0];
    const recipient = await this.targets.findRecipient(organizationId, personId);
    if (!recipient || recipient.archived) return null;
    const renewals: AttestationRequest[] = [];
    for (const previous of attested) {
      // Waits for any concurrent issuer of this document to this person, then looks again.
      if (await this.requests.lockOpenRequest(previous.documentId, personId)) continue;
      if ((await this.requests.findLatest(previous.documentId, personId))?.id !== previous.id) continue;
      const document = await this.targets.findDocument(organizationId, previous.documentId);
      if (!document || document.archived || !document.requiresSignature || !document.latestRevisionId) continue;
      const renewal = AttestationRequest.issue({
        organizationId,
        documentId: document.id,
        documentRevisionId: document.latestRevisionId,
        personId,
        recipientName: recipient.name,
        recipientEmail: recipient.email,
        source: 'system',
        expiresAt: defaultExpiry(now, this.config.attestationRequestTtlDays),
        accessTokenHashFor: (id) => this.links.tokenHashFor(id),
        now,
      });
      await this.requests.add(renewal);
      renewals.push(renewal);
    }
    if (renewals.length === 0) return null;
    const notification = Notification.announce({
      organizationId,
      personId,
      kind: 'renewal',
      attestationRequestIds: renewals.map((request) => request.id),
      now,
    });
    await this.outbox.addMany([notification]);
    return { requestIds: renewals.map((request) => request.id), notificationId: notification.id };
  }
}
