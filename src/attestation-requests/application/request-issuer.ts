import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { AnnounceRequests } from '../../notifications/application/announce-requests';
import type { NotificationKind } from '../../notifications/domain/notification';
import { AttestationRequest, IssueRequestInput, RequestSource } from '../domain/attestation-request';
import { attestationToken, hashAttestationToken } from '../domain/attestation-link';
import { defaultExpiry } from '../domain/request-expiry';
import { AttestationLinks } from './attestation-links';
import { AttestationRequestRepository, IssuedRequest } from './attestation-request.repository';

/** One request to issue: who, what, and on whose behalf (the issuer adds the expiry, the page token and now). */
export type RequestOrder = Omit<IssueRequestInput, 'expiresAt' | 'accessTokenHashFor' | 'now'>;

export interface IssueOptions {
  /** Which email announces the new requests (one per person). */
  announceAs: NotificationKind;
  /**
   * What to do when the person already has an open request for the document:
   * - `replace`: cancel it (locked first, so concurrent issuers queue up), then issue; one row at a time.
   * - `skip`: issue the others in one set-based statement; the open one stays (a concurrent issuer's, or the
   *   caller found none under its own locks).
   */
  whenOpen: 'replace' | 'skip';
  now: Date;
}

/**
 * The one place a request is issued: create and renewal come to `issue`, the group adds to `issueMissing`,
 * re-send and reminders to `announce`. Must run inside a unit of work: the requests, the canceled older ones and the outbox rows
 * commit together, and the emails are relayed once they have.
 */
@Injectable()
export class RequestIssuer {
  constructor(
    private readonly requests: AttestationRequestRepository,
    private readonly announcements: AnnounceRequests,
    private readonly links: AttestationLinks,
    private readonly config: AppConfig,
  ) {}

  /** Answers the requests issued, in the orders' order (with `skip`, without the ones skipped). */
  async issue(orders: readonly RequestOrder[], options: IssueOptions): Promise<AttestationRequest[]> {
    const { now } = options;
    const expiresAt = defaultExpiry(now, this.config.attestationRequestTtlDays);
    const build = (order: RequestOrder) =>
      AttestationRequest.issue({
        ...order,
        expiresAt,
        accessTokenHashFor: (id) => this.links.tokenHashFor(id),
        now,
      });
    let issued: AttestationRequest[];
    if (options.whenOpen === 'skip') {
      issued = await this.requests.addUnlessOpen(orders.map(build));
    } else {
      issued = [];
      for (const order of orders) {
        const older = await this.requests.lockOpenRequest(order.organizationId, order.documentId, order.personId);
        if (older) {
          older.supersede(now);
          await this.requests.save(older);
        }
        const request = build(order);
        await this.requests.add(request);
        issued.push(request);
      }
    }
    await this.announce(issued, options.announceAs, now);
    return issued;
  }

  /**
   * Issues set-based, inside the database, a request for each of `personIds` and each of `documentIds` the person
   * still has to sign (AttestationRequestRepository.issueMissing: published, not archived, requiring a signature,
   * no open request, no attestation of the latest revision; active people of the organization), skipping pairs
   * whose open request appears meanwhile; then one email per person listing theirs. Little per request goes
   * through this process (its id and page token hash); 20,000 requests are issued by statements of ~2,000. Answers
   * the requests issued.
   */
  async issueMissing(input: {
    organizationId: string;
    personIds: readonly string[];
    documentIds: readonly string[];
    source: RequestSource;
    announceAs: NotificationKind;
    now: Date;
    /** Work already sent in this transaction that must succeed first (see MissingRequests.after). */
    after?: Promise<unknown>;
  }): Promise<IssuedRequest[]> {
    const { now } = input;
    const appKey = this.config.appKey;
    if (!appKey) throw new Error('APP_KEY is not set: attestation page links cannot be made without it');
    const issued = await this.requests.issueMissing({
      organizationId: input.organizationId,
      personIds: input.personIds,
      documentIds: input.documentIds,
      source: input.source,
      expiresAt: defaultExpiry(now, this.config.attestationRequestTtlDays),
      now,
      accessTokenHashOf: (requestId) => hashAttestationToken(attestationToken(appKey, requestId)),
      after: input.after,
    });
    await this.announcements.execute({ kind: input.announceAs, requests: issued, now });
    return issued;
  }

  /**
   * Writes the emails announcing the requests, one per person listing all of theirs, relayed after commit. A
   * request delivered by the integrator (`delivery: none`) is never emailed: not issued, re-sent nor reminded.
   */
  announce(requests: readonly AttestationRequest[], kind: NotificationKind, now: Date): Promise<void> {
    return this.announcements.execute({ kind, requests: requests.filter((r) => r.delivery === 'email'), now });
  }
}
