import { Entity, IllegalTransitionError, newId } from '@lib/core';
import { AttestationRequestStatus, canTransition, DeliveryProblem, isOpenStatus } from './attestation-request-status';
import { MANUAL_REMINDER_SPACING_MS, MAX_REMINDERS, REMINDABLE_STATUSES } from './reminder-schedule';

export const REQUEST_SOURCES = ['oauth', 'web', 'system', 'partner_center'] as const;
export type RequestSource = (typeof REQUEST_SOURCES)[number];

export type AttestationType = 'acknowledgment' | 'signature';

export const RECIPIENT_MESSAGE_MAX_LENGTH = 5000;

/** How the page link reaches the recipient: our email, or the integrator's own channel (no email at all). */
export const REQUEST_DELIVERIES = ['email', 'none'] as const;
export type RequestDelivery = (typeof REQUEST_DELIVERIES)[number];

/**
 * Why a request is canceled: the recipient declined it on the page, someone canceled it (API, console, CLI), a
 * newer request for the same person and document replaced it, or its person or document was archived.
 */
export const CANCEL_REASONS = ['declined', 'canceled', 'superseded', 'archived'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/** Why someone other than the recipient cancels a request (`withdraw`). */
export type WithdrawalReason = Extract<CancelReason, 'canceled' | 'archived'>;

/** The longest reason a recipient may give for declining. */
export const DECLINE_REASON_MAX_LENGTH = 1000;

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
  | { type: 'declined'; at: Date }
  | { type: 'reminded'; reminderCount: number; at: Date };

/** What issuing a request needs: whom and what it is for, and the details it may carry (absent: none). */
export interface IssueRequestInput
  extends
    Pick<
      AttestationRequestProps,
      | 'organizationId'
      | 'documentId'
      | 'documentRevisionId'
      | 'personId'
      | 'recipientName'
      | 'recipientEmail'
      | 'source'
    >,
    Partial<Pick<AttestationRequestProps, 'recipientMessage' | 'requestedByUserId' | 'expiresAt' | 'delivery'>> {
  /** The page token is derived from the id, which only issue() knows. */
  accessTokenHashFor: (requestId: string) => string;
  now: Date;
}

/** Everything a request is; what the repository stores and restores. */
export interface AttestationRequestProps {
  id: string;
  organizationId: string;
  documentId: string;
  documentRevisionId: string;
  personId: string;
  recipientName: string;
  recipientEmail: string;
  requestedAttestationType: AttestationType;
  source: RequestSource;
  status: AttestationRequestStatus;
  recipientMessage: string | null;
  delivery: RequestDelivery;
  accessTokenHash: string | null;
  sentAt: Date | null;
  lastRemindedAt: Date | null;
  reminderCount: number;
  viewedAt: Date | null;
  attestedAt: Date | null;
  canceledAt: Date | null;
  cancelReason: CancelReason | null;
  /** The recipient's own words when they declined (kept for the evidence, not in the API's request). */
  declineReason: string | null;
  expiresAt: Date | null;
  expiredAt: Date | null;
  requestedByUserId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * A document sent to a person for a typed-name signature. The status only moves along the allowed edges
 * (see attestation-request-status.ts); every move goes through a method here, which refuses the others.
 */
export class AttestationRequest extends Entity.exposing<AttestationRequestProps>()(
  'id',
  'organizationId',
  'documentId',
  'documentRevisionId',
  'personId',
  'recipientName',
  'recipientEmail',
  'requestedAttestationType',
  'source',
  'status',
  'recipientMessage',
  'delivery',
  'accessTokenHash',
  'sentAt',
  'lastRemindedAt',
  'reminderCount',
  'viewedAt',
  'attestedAt',
  'canceledAt',
  'cancelReason',
  'declineReason',
  'expiresAt',
  'expiredAt',
  'requestedByUserId',
  'createdAt',
  'updatedAt',
) {
  private unsaved: RequestChange[] = [];

  /**
   * A new request for a published revision, already `sent`: the email goes out after the transaction commits,
   * and the contract shows a new request as sent. The page token is derived from the id, hence the callback.
   */
  static issue(input: IssueRequestInput): AttestationRequest {
    const id = newId();
    const request = new AttestationRequest({
      id,
      organizationId: input.organizationId,
      documentId: input.documentId,
      documentRevisionId: input.documentRevisionId,
      personId: input.personId,
      recipientName: input.recipientName,
      recipientEmail: input.recipientEmail,
      requestedAttestationType: 'signature',
      source: input.source,
      status: 'created',
      recipientMessage: input.recipientMessage ?? null,
      delivery: input.delivery ?? 'email',
      accessTokenHash: input.accessTokenHashFor(id),
      sentAt: null,
      lastRemindedAt: null,
      reminderCount: 0,
      viewedAt: null,
      attestedAt: null,
      canceledAt: null,
      cancelReason: null,
      declineReason: null,
      expiresAt: input.expiresAt ?? null,
      expiredAt: null,
      requestedByUserId: input.requestedByUserId ?? null,
      createdAt: input.now,
      updatedAt: input.now,
    });
    request.markSent(input.now);
    // `created` is never stored: a new request is issued straight into `sent`.
    request.unsaved = [{ type: 'issued', at: input.now }];
    return request;
  }

  get isOpen(): boolean {
    return isOpenStatus(this.props.status);
  }

  get hasDeliveryProblem(): boolean {
    return this.props.status === 'bounced' || this.props.status === 'failed' || this.props.status === 'complained';
  }

  /** First send, or a successful re-send after a delivery problem. */
  markSent(now: Date): void {
    this.moveTo('sent', now);
    this.props.sentAt = now;
  }

  markViewed(now: Date): void {
    this.moveTo('viewed', now);
    this.props.viewedAt ??= now;
  }

  markAttested(now: Date): void {
    this.moveTo('attested', now);
    this.props.attestedAt = now;
  }

  /** A newer request for the same person and document replaces this one. */
  supersede(now: Date): void {
    this.cancel(now, 'superseded');
  }

  /**
   * The recipient says no on the page, with their reason or none: `declined` is recorded, then the move to
   * `canceled`. Only a request the page offers for signing (sent or viewed) can be declined.
   */
  decline(now: Date, reason: string | null): void {
    if (this.props.status !== 'sent' && this.props.status !== 'viewed') {
      throw new IllegalTransitionError(`An attestation request in status ${this.props.status} cannot be declined.`);
    }
    const words = reason?.trim() ?? '';
    if ([...words].length > DECLINE_REASON_MAX_LENGTH) {
      throw new IllegalTransitionError(`A reason can be at most ${DECLINE_REASON_MAX_LENGTH} characters.`);
    }
    this.unsaved.push({ type: 'declined', at: now });
    this.cancel(now, 'declined');
    this.props.declineReason = words === '' ? null : words;
  }

  private cancel(now: Date, reason: CancelReason): void {
    this.moveTo('canceled', now);
    this.props.canceledAt = now;
    this.props.cancelReason = reason;
  }

  /**
   * The cancel an integrator (or the operator) asks for, reason `canceled`, or that archiving its person brings
   * (a directory's deactivation), reason `archived`: an open request becomes canceled; one already canceled stays
   * exactly as it is (answers false: nothing changed); an attested or expired one is refused, naming its status.
   */
  withdraw(now: Date, reason: WithdrawalReason = 'canceled'): boolean {
    if (this.props.status === 'canceled') return false;
    if (!this.canMoveTo('canceled')) {
      throw new IllegalTransitionError(`The attestation request is ${this.props.status}.`);
    }
    this.cancel(now, reason);
    return true;
  }

  expire(now: Date): void {
    this.moveTo('expired', now);
    this.props.expiredAt = now;
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
    if (!REMINDABLE_STATUSES.includes(this.props.status)) {
      throw new IllegalTransitionError(`An attestation request in status ${this.props.status} is not reminded.`);
    }
    if (this.reminderCount >= MAX_REMINDERS) {
      throw new IllegalTransitionError(`An attestation request is reminded at most ${MAX_REMINDERS} times.`);
    }
    this.props.reminderCount += 1;
    this.stampReminder(now);
  }

  /**
   * A reminder asked for through the API, refused in this order: a request not waiting for the recipient (its
   * status named; one with a delivery problem gets a new request instead), an archived person or document or a
   * passed expiry, a reminder of either kind less than an hour ago. It is not counted toward the automatic
   * pass's MAX_REMINDERS, but moves last_reminded_at, from which that pass waits its interval.
   */
  remindOnRequest(now: Date, parties: ReminderParties): void {
    if (!REMINDABLE_STATUSES.includes(this.props.status)) {
      throw new IllegalTransitionError(
        this.hasDeliveryProblem
          ? `The attestation request is ${this.props.status}: send a new request instead, which cancels it.`
          : `The attestation request is ${this.props.status}.`,
      );
    }
    if (this.props.delivery === 'none') {
      throw new IllegalTransitionError('The attestation request is delivered without email: no reminder is sent.');
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
    this.props.lastRemindedAt = now;
    this.props.updatedAt = now;
    this.unsaved.push({ type: 'reminded', reminderCount: this.reminderCount, at: now });
  }

  canMoveTo(status: AttestationRequestStatus): boolean {
    return canTransition(this.props.status, status);
  }

  private moveTo(status: AttestationRequestStatus, now: Date): void {
    if (!canTransition(this.props.status, status)) {
      throw new IllegalTransitionError(`An attestation request cannot go from ${this.props.status} to ${status}.`);
    }
    this.unsaved.push({ type: 'status_changed', from: this.props.status, to: status, at: now });
    this.props.status = status;
    this.props.updatedAt = now;
  }
}
