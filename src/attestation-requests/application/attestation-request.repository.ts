import type { AttestationRequest, RequestSource } from '../domain/attestation-request';

/** What `issueMissing` issues: for each person, each document they still have to sign. */
export interface MissingRequests {
  organizationId: string;
  personIds: readonly string[];
  documentIds: readonly string[];
  source: RequestSource;
  expiresAt: Date | null;
  now: Date;
  /**
   * The stored hash of a request's page token, from its id. Computed in this process, so APP_KEY (or anything
   * equivalent to it) never travels to the database, where a statement log could keep it.
   */
  accessTokenHashOf: (requestId: string) => string;
  /**
   * Work already sent in this transaction that must succeed before the first request is issued (the pairs'
   * assignments): the first statement's ids and token hashes are made while the database runs it.
   */
  after?: Promise<unknown>;
}

/** A request `issueMissing` issued. */
export interface IssuedRequest {
  id: string;
  organizationId: string;
  personId: string;
  documentId: string;
}

/**
 * Attestation requests. A caller acting for an organization passes its id and never sees another one's rows.
 * The methods that are not scoped say so in their names: the operator's (the admin CLI acts across
 * organizations), the worker's (delivery and the scheduled sweeps serve every organization), and the page's
 * (its secret token is the capability).
 *
 * Every change of a request is persisted through `add`, `addUnlessOpen` or `save`, which take the changes the
 * entity recorded (AttestationRequest.takeChanges), in the caller's transaction; `issueMissing` issues many at once
 * inside the database, applying the same rules and recording the same events.
 */
export abstract class AttestationRequestRepository {
  abstract findInOrganization(organizationId: string, id: string): Promise<AttestationRequest | null>;
  /** The request, locked until the transaction ends. */
  abstract lockInOrganization(organizationId: string, id: string): Promise<AttestationRequest | null>;
  /** The operator's read (admin CLI), in any organization. */
  abstract findAcrossOrganizations(id: string): Promise<AttestationRequest | null>;
  /** The operator's lock (admin CLI), in any organization. */
  abstract lockAcrossOrganizations(id: string): Promise<AttestationRequest | null>;
  /**
   * The open request of a person for a document. Until the transaction ends, no other caller of this method
   * gets past it for the same person and document, whether or not such a request exists.
   */
  abstract lockOpenRequest(
    organizationId: string,
    documentId: string,
    personId: string,
  ): Promise<AttestationRequest | null>;
  /** The person's most recently issued request for the document. */
  abstract findLatest(organizationId: string, documentId: string, personId: string): Promise<AttestationRequest | null>;

  /** The worker's read of the requests an email announces, in any organization; not locked. */
  abstract findForDelivery(ids: readonly string[]): Promise<AttestationRequest[]>;
  /** The worker's lock of those requests (in id order, so two lockers never deadlock). */
  abstract lockForDelivery(ids: readonly string[]): Promise<AttestationRequest[]>;
  /** The request whose page token hashes to `hash`, locked until the transaction ends. */
  abstract lockByAccessTokenHash(hash: string): Promise<AttestationRequest | null>;
  /**
   * The expiry sweep, across organizations: up to `limit` requests that may expire and whose `expires_at` is
   * not after `now`, locked; rows another transaction holds are skipped (a concurrent sweep is handling them).
   */
  abstract lockOverdueAcrossOrganizations(input: { now: Date; limit: number }): Promise<AttestationRequest[]>;
  /**
   * The reminder sweep, across organizations: up to `limit` requests due a reminder, locked, skipping rows another
   * transaction holds: waiting for the recipient (REMINDABLE_STATUSES), reminded fewer than MAX_REMINDERS times,
   * last reminded (or else sent) before `remindedOrSentBefore`, not past their expiry at `now`, with an active
   * person and document.
   */
  abstract lockDueForReminderAcrossOrganizations(input: {
    now: Date;
    remindedOrSentBefore: Date;
    limit: number;
  }): Promise<AttestationRequest[]>;
  /**
   * The renewal sweep, across organizations: up to `limit` attested requests whose renewal fell due before `now`
   * and which the document renews itself: `auto_renew`, a renewal interval, published, active and needing a
   * signature; an active person; and no request for that person and document issued since. Ordered by person.
   */
  abstract findDueRenewalsAcrossOrganizations(input: { now: Date; limit: number }): Promise<AttestationRequest[]>;

  abstract add(request: AttestationRequest): Promise<void>;
  /**
   * Adds the requests in one statement, skipping any whose person already has an open request for the document
   * (a concurrent issuer got there first); answers the ones added.
   */
  abstract addUnlessOpen(requests: readonly AttestationRequest[]): Promise<AttestationRequest[]>;
  abstract save(request: AttestationRequest): Promise<void>;
  /**
   * Issues, in one statement and without a round trip per request, a request for each person of `personIds` (active,
   * of the organization) and each document of `documentIds` the person still has to sign: published, not archived,
   * requiring a signature, with neither an open request of theirs nor their attestation of its latest revision. A
   * pair whose open request appears meanwhile (a concurrent issuer) is skipped. Each is issued as
   * `AttestationRequest.issue` would (`sent`, its page token derived from its id) and its `created` event recorded
   * in the same statement, then handed to the event log's subscribers. Answers the requests issued, in id order.
   */
  abstract issueMissing(input: MissingRequests): Promise<IssuedRequest[]>;
}
