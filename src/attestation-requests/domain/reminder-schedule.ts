import type { AttestationRequestStatus } from './attestation-request-status';

/** A request is reminded at most this many times. */
export const MAX_REMINDERS = 3;

/**
 * Reminders go to requests waiting for the recipient. A request with a delivery problem is left out: its
 * address just failed, and mailing it again on a timer would only hurt the sender's reputation (an
 * administrator re-sends it with `request:resend` once the address is fixed).
 */
export const REMINDABLE_STATUSES: readonly AttestationRequestStatus[] = ['sent', 'viewed'];

const DAY_MS = 24 * 60 * 60 * 1000;

/** A reminder asked for through the API waits this long after the latest reminder of either kind. */
export const MANUAL_REMINDER_SPACING_MS = 60 * 60 * 1000;

/**
 * When a request's next reminder is due: `intervalDays` after the last reminder, or after it was sent when none
 * was. Null when no reminder is due ever again (reminded MAX_REMINDERS times, or not waiting for the recipient).
 */
export function nextReminderAt(
  request: {
    status: AttestationRequestStatus;
    sentAt: Date | null;
    lastRemindedAt: Date | null;
    reminderCount: number;
  },
  intervalDays: number,
): Date | null {
  if (!REMINDABLE_STATUSES.includes(request.status) || request.reminderCount >= MAX_REMINDERS) return null;
  const since = request.lastRemindedAt ?? request.sentAt;
  return since === null ? null : new Date(since.getTime() + intervalDays * DAY_MS);
}

/** The "remind if last reminded or sent before" bound of a sweep at `now`. */
export function remindedOrSentBefore(now: Date, intervalDays: number): Date {
  return new Date(now.getTime() - intervalDays * DAY_MS);
}
