import { Entity, newId } from '@lib/core';

/**
 * - `requests_issued`: people added to a group were sent several requests at once; one email lists them all.
 * - `request_sent`: one request sent through the API (or sent again); its email carries the sender's message.
 * - `reminder`: requests still waiting for the person's signature, reminded together.
 * - `renewal`: new requests issued because the person's earlier signatures fell due for renewal.
 * - `confirmation`: the signer's copy of one request they just signed, with its certificate attached.
 * - `console_link`: a link that signs a user in to the console (asked for, or an invitation); no person, no request.
 */
export type NotificationKind =
  'requests_issued' | 'request_sent' | 'reminder' | 'renewal' | 'confirmation' | 'console_link';
export type NotificationStatus = 'pending' | 'sent' | 'failed';

export interface NotificationProps {
  id: string;
  organizationId: string;
  /** The person an announcement of requests goes to; null for a console link. */
  personId: string | null;
  /** The console link the email carries; null for an announcement of requests. */
  consoleLinkId: string | null;
  kind: NotificationKind;
  attestationRequestIds: string[];
  status: NotificationStatus;
  attempts: number;
  lastError: string | null;
  relayedAt: Date | null;
  sentAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * One email to one person, announcing attestation requests. Written in the transaction that creates the
 * requests (the outbox), so it survives a queue outage; marked sent once, so a retried job sends nothing twice.
 */
export class Notification extends Entity.exposing<NotificationProps>()(
  'id',
  'organizationId',
  'personId',
  'consoleLinkId',
  'kind',
  'attestationRequestIds',
  'status',
  'attempts',
  'lastError',
  'relayedAt',
  'sentAt',
  'createdAt',
  'updatedAt',
) {
  static announce(input: {
    organizationId: string;
    personId: string;
    kind: NotificationKind;
    attestationRequestIds: readonly string[];
    now: Date;
  }): Notification {
    if (input.attestationRequestIds.length === 0) throw new Error('a notification announces at least one request');
    return Notification.pending({
      organizationId: input.organizationId,
      personId: input.personId,
      consoleLinkId: null,
      kind: input.kind,
      attestationRequestIds: [...input.attestationRequestIds],
      now: input.now,
    });
  }

  /** The email carrying a console sign-in link or invitation; its text is written when it is delivered. */
  static carryConsoleLink(input: { organizationId: string; consoleLinkId: string; now: Date }): Notification {
    return Notification.pending({ ...input, personId: null, kind: 'console_link', attestationRequestIds: [] });
  }

  /** A new email, not tried yet. */
  private static pending(
    input: Pick<
      NotificationProps,
      'organizationId' | 'personId' | 'consoleLinkId' | 'kind' | 'attestationRequestIds'
    > & {
      now: Date;
    },
  ): Notification {
    const { now, ...addressed } = input;
    return new Notification({
      id: newId(),
      ...addressed,
      status: 'pending',
      attempts: 0,
      lastError: null,
      relayedAt: null,
      sentAt: null,
      createdAt: now,
      updatedAt: now,
    });
  }

  get isPending(): boolean {
    return this.props.status === 'pending';
  }

  markSent(now: Date): void {
    this.props.attempts += 1;
    this.props.status = 'sent';
    this.props.sentAt = now;
    this.props.lastError = null;
    this.props.updatedAt = now;
  }

  /** Every request it announced was closed (canceled, attested...) before the email went out: nothing to send. */
  markObsolete(now: Date): void {
    this.props.status = 'sent';
    this.props.lastError = 'not sent: its requests were no longer open';
    this.props.updatedAt = now;
  }

  /** A failed attempt that will be retried. */
  recordFailedAttempt(error: string, now: Date): void {
    this.props.attempts += 1;
    this.props.lastError = error;
    this.props.updatedAt = now;
  }

  /** The last attempt failed, or the address was refused for good: no more tries. */
  giveUp(error: string, now: Date): void {
    this.props.attempts += 1;
    this.props.status = 'failed';
    this.props.lastError = error;
    this.props.updatedAt = now;
  }
}
