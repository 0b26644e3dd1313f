import type { AttestationRequest } from '../domain/attestation-request';

/** Requests of every organization; callers with a tenant pass its id and never see another one's rows. */
export abstract class AttestationRequestRepository {
  abstract findById(id: string): Promise<AttestationRequest | null>;
  abstract findByIds(ids: readonly string[]): Promise<AttestationRequest[]>;
  /** The requests with these ids, locked until the transaction ends (in id order, so two lockers never deadlock). */
  abstract lockByIds(ids: readonly string[]): Promise<AttestationRequest[]>;
  /**
   * The open request of a person for a document. Until the transaction ends, no other caller of this method
   * gets past it for the same person and document, whether or not such a request exists.
   */
  abstract lockOpenRequest(documentId: string, personId: string): Promise<AttestationRequest | null>;
  abstract add(request: AttestationRequest): Promise<void>;
  /**
   * Adds the requests in one statement, skipping any whose person already has an open request for the document
   * (a concurrent issuer got there first); answers the ones added.
   */
  abstract addUnlessOpen(requests: readonly AttestationRequest[]): Promise<AttestationRequest[]>;
  abstract save(request: AttestationRequest): Promise<void>;
  /** The request whose page token hashes to `hash`, locked until the transaction ends. */
  abstract lockByAccessTokenHash(hash: string): Promise<AttestationRequest | null>;
  /**
   * Up to `limit` requests that may expire and whose `expires_at` is not after `now`, locked; rows another
   * transaction holds are skipped (a concurrent sweep is handling them).
   */
  abstract lockOverdue(input: { now: Date; limit: number }): Promise<AttestationRequest[]>;
  /**
   * Up to `limit` requests due a reminder, locked, skipping rows another transaction holds: waiting for the
   * recipient (REMINDABLE_STATUSES), reminded fewer than MAX_REMINDERS times, last reminded (or else sent) before
   * `remindedOrSentBefore`, not past their expiry at `now`, with an active person and document.
   */
  abstract lockDueForReminder(input: {
    now: Date;
    remindedOrSentBefore: Date;
    limit: number;
  }): Promise<AttestationRequest[]>;
  /**
   * Up to `limit` attested requests whose renewal fell due before `now` and which the document renews itself:
   * `auto_renew`, a renewal interval, published, active and needing a signature; an active person; and no request
   * for that person and document issued since. Ordered by person.
   */
  abstract findDueRenewals(input: { now: Date; limit: number }): Promise<AttestationRequest[]>;
  /** The person's most recently issued request for the document. */
  abstract findLatest(documentId: string, personId: string): Promise<AttestationRequest | null>;
}
