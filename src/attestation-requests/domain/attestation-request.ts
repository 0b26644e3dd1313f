import { IllegalTransitionError, newId } from '@lib/common';
import { AttestationRequestStatus, canTransition, DeliveryProblem, isOpenStatus } from './attestation-request-status';
import { MANUAL_REMINDER_SPACING_MS, MAX_REMINDERS, REMINDABLE_STATUSES } from './reminder-schedule';

export const REQUEST_SOURCES = ['oauth', 'web', 'system', 'partner_center'] as const;
export type RequestSource = (typeof REQUEST_SOURCES)[number];

export type AttestationType = 'acknowledgment' | 'signature';

export const RECIPIENT_MESSAGE_MAX_LENGTH = 5000;

/** What a reminder asked for needs to know beyond the request itself. */
export interface ReminderParties {
  personArchived: boolean;
  documentArchived: boolean;
}

/**
 * What happened to a request, as its methods record it: issued (already `sent`), a status move, a reminder.
 * The repository's writes (add, addUnlessOpen, save) are the one place these are persisted with the row.
 */
export type RequestChange =
  | { type: 'issued'; at: Date }
  | { type: 'status_changed'; from: AttestationRequestStatus; to: AttestationRequestStatus; at: Date }
  | { type: 'reminded'; reminderCount: number; at: Date };

/**
 * A document sent to a person for a typed-name signature. The status only moves along the allowed edges
 * (see attestation-request-status.ts); every move goes through a method here, which refuses the others.
 */
export class AttestationRequest {
  constructor(
    readonly id: string,
    readonly organizationId: string,
    readonly documentId: string,
    readonly documentRevisionId: string,
    readonly personId: string,
    readonly recipientName: string,
    readonly recipientEmail: string,
    readonly requestedAttestationType: AttestationType,
    readonly source: RequestSource,
    private currentStatus: AttestationRequestStatus,
    readonly recipientMessage: string | null,
    readonly accessTokenHash: string | null,
    public sentAt: Date | null,
    public lastRemindedAt: Date | null,
    public reminderCount: number,
    public viewedAt: Date | null,
    public attestedAt: Date | null,
    public canceledAt: Date | null,
    readonly expiresAt: Date | null,
    public expiredAt: Date | null,
    readonly requestedByUserId: string | null,
    readonly createdAt: Date,
    public updatedAt: Date,
  ) {}

  private unsaved: RequestChange[] = [];

  /**
   * A new request for a published revision, already `sent`: the email goes out after the transaction commits,
   * and the contract shows a new request as sent. The page token is derived from the id, hence the callback.
   */
  static issue(input: {
    organizationId: string;
    documentId: string;
    documentRevisionId: string;
    personId: string;
    recipientName: string;
    recipientEmail: string;
    source: RequestSource;
    recipientMessage?: string | null;
    requestedByUserId?: string | null;
    expiresAt?: Date | null;
    accessTokenHashFor: (requestId: string) => string;
    now: Date;
  }): AttestationRequest {
    const id = newId();
    const request = new AttestationRequest(
      id,
      input.organizationId,
      input.documentId,
      input.documentRevisionId,
      input.personId,
      input.recipientName,
      input.recipientEmail,
      'signature',
      input.source,
      'created',
      input.recipientMessage ?? null,
      input.accessTokenHashFor(id),
      null,
      null,
      0,
      null,
      null,
      null,
      input.expiresAt ?? null,
      null,
      input.requestedByUserId ?? null,
      input.now,
      input.now,
    );
    request.markSent(input.now);
    // `created` is never stored: a new request is issued straight into `sent`.
    request.unsaved = [{ type: 'issued', at: input.now }];
    return request;
  }

  get status(): AttestationRequestStatus {
    return this.currentStatus;
  }

  get isOpen(): boolean {
    return isOpenStatus(this.currentStatus);
  }

  get hasDeliveryProblem(): boolean {
    return this.currentStatus === 'bounced' || this.currentStatus === 'failed' || this.currentStatus === 'complained';
  }

  /** First send, or a successful re-send after a delivery problem. */
  markSent(now: Date): void {
    this.moveTo('sent', now);
    this.sentAt = now;
  }

  markViewed(now: Date): void {
    this.moveTo('viewed', now);
    this.viewedAt ??= now;
  }

  markAttested(now: Date): void {
    this.moveTo('attested', now);
    this.attestedAt = now;
  }

  cancel(now: Date): void {
    this.moveTo('canceled', now);
    this.canceledAt = now;
  }

  /**
   * The cancel an integrator (or the operator) asks for: an open request becomes canceled; one already canceled
   * stays exactly as it is (answers false: nothing changed); an attested or expired one is refused, naming its
   * status.
   */
  withdraw(now: Date): boolean {
    if (this.currentStatus === 'canceled') return false;
    if (!this.canMoveTo('canceled')) {
      throw new IllegalTransitionError(`The attestation request is ${this.currentStatus}.`);
    }
    this.cancel(now);
    return true;
  }

  expire(now: Date): void {
    this.moveTo('expired', now);
    this.expiredAt = now;
  }

  /** The latest email could not be delivered (bounced, failed) or was reported as spam (complained). */
  reportDeliveryProblem(problem: DeliveryProblem, now: Date): void {
    this.moveTo(problem, now);
  }

  /** Refuses to send the email again: a final request (attested, canceled, expired), or one past its expiry. */
  assertResendable(now: Date): void {
    if (!this.isOpen) {
      throw new IllegalTransitionError(`An attestation request in status ${this.status} cannot be sent again.`);
    }
    if (this.isPastExpiry(now)) {
      throw new IllegalTransitionError('The attestation request has expired and cannot be sent again.');
    }
  }

  /** The changes since the request was issued, loaded or last taken; taken by the repository as it writes. */
  takeChanges(): RequestChange[] {
    const changes = this.unsaved;
    this.unsaved = [];
    return changes;
  }

  /** Past its scheduled expiry, whether or not the expiry sweep has marked it `expired` yet. */
  isPastExpiry(now: Date): boolean {
    return this.expiresAt !== null && this.expiresAt.getTime() <= now.getTime();
  }

  /** A reminder email was written for the request. Not a status change: the request stays where it is. */
  recordReminder(now: Date): void {
    if (!REMINDABLE_STATUSES.includes(this.currentStatus)) {
      throw new IllegalTransitionError(`An attestation request in status ${this.currentStatus} is not reminded.`);
    }
    if (this.reminderCount >= MAX_REMINDERS) {
      throw new IllegalTransitionError(`An attestation request is reminded at most ${MAX_REMINDERS} times.`);
    }
    this.reminderCount += 1;
    this.stampReminder(now);
  }

  /**
   * A reminder asked for through the API, refused in this order: a request not waiting for the recipient (its
   * status named; one with a delivery problem gets a new request instead), an archived person or document or a
   * passed expiry, a reminder of either kind less than an hour ago. It is not counted toward the automatic
   * pass's MAX_REMINDERS, but moves last_reminded_at, from which that pass waits its interval.
   */
  remindOnRequest(now: Date, parties: ReminderParties): void {
    if (!REMINDABLE_STATUSES.includes(this.currentStatus)) {
      throw new IllegalTransitionError(
        this.hasDeliveryProblem
          ? `The attestation request is ${this.currentStatus}: send a new request instead, which cancels it.`
          : `The attestation request is ${this.currentStatus}.`,
      );
    }
    if (parties.personArchived) throw new IllegalTransitionError('The person is archived.');
    if (parties.documentArchived) throw new IllegalTransitionError('The document is archived.');
    if (this.isPastExpiry(now)) throw new IllegalTransitionError('The attestation request has expired.');
    if (this.lastRemindedAt && now.getTime() - this.lastRemindedAt.getTime() < MANUAL_REMINDER_SPACING_MS) {
      throw new IllegalTransitionError('A reminder was sent less than an hour ago.');
    }
    this.stampReminder(now);
  }

  /** A reminder email is written for the request now: the request stays where it is. */
  private stampReminder(now: Date): void {
    this.lastRemindedAt = now;
    this.updatedAt = now;
    this.unsaved.push({ type: 'reminded', reminderCount: this.reminderCount, at: now });
  }

  canMoveTo(status: AttestationRequestStatus): boolean {
    return canTransition(this.currentStatus, status);
  }

  private moveTo(status: AttestationRequestStatus, now: Date): void {
    if (!canTransition(this.currentStatus, status)) {
      throw new IllegalTransitionError(`An attestation request cannot go from ${this.currentStatus} to ${status}.`);
    }
    this.unsaved.push({ type: 'status_changed', from: this.currentStatus, to: status, at: now });
    this.currentStatus = status;
    this.updatedAt = now;
  }
}
