import { newId } from '@lib/common';

/**
 * - `requests_issued`: people added to a group were sent several requests at once; one email lists them all.
 * - `request_sent`: one request sent through the API (or sent again); its email carries the sender's message.
 * - `reminder`: requests still waiting for the person's signature, reminded together.
 * - `renewal`: new requests issued because the person's earlier signatures fell due for renewal.
 */
export type NotificationKind = 'requests_issued' | 'request_sent' | 'reminder' | 'renewal';
export type NotificationStatus = 'pending' | 'sent' | 'failed';

/**
 * One email to one person, announcing attestation requests. Written in the transaction that creates the
 * requests (the outbox), so it survives a queue outage; marked sent once, so a retried job sends nothing twice.
 */
export class Notification {
  constructor(
    readonly id: string,
    readonly organizationId: string,
    readonly personId: string,
    readonly kind: NotificationKind,
    readonly attestationRequestIds: readonly string[],
    public status: NotificationStatus,
    public attempts: number,
    public lastError: string | null,
    public relayedAt: Date | null,
    public sentAt: Date | null,
    readonly createdAt: Date,
    public updatedAt: Date,
  ) {}

  static announce(input: {
    organizationId: string;
    personId: string;
    kind: NotificationKind;
    attestationRequestIds: readonly string[];
    now: Date;
  }): Notification {
    if (input.attestationRequestIds.length === 0) throw new Error('a notification announces at least one request');
    return new Notification(
      newId(),
      input.organizationId,
      input.personId,
      input.kind,
      [...input.attestationRequestIds],
      'pending',
      0,
      null,
      null,
      null,
      input.now,
      input.now,
    );
  }

  get isPending(): boolean {
    return this.status === 'pending';
  }

  markSent(now: Date): void {
    this.attempts += 1;
    this.status = 'sent';
    this.sentAt = now;
    this.lastError = null;
    this.updatedAt = now;
  }

  /** Every request it announced was closed (canceled, attested...) before the email went out: nothing to send. */
  markObsolete(now: Date): void {
    this.status = 'sent';
    this.lastError = 'not sent: its requests were no longer open';
    this.updatedAt = now;
  }

  /** A failed attempt that will be retried. */
  recordFailedAttempt(error: string, now: Date): void {
    this.attempts += 1;
    this.lastError = error;
    this.updatedAt = now;
  }

  /** The last attempt failed, or the address was refused for good: no more tries. */
  giveUp(error: string, now: Date): void {
    this.attempts += 1;
    this.status = 'failed';
    this.lastError = error;
    this.updatedAt = now;
  }
}
