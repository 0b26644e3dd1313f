import { IllegalTransitionError } from '@lib/core';
import { anIssuedRequest } from '../../../test/support/builders';
import type { AttestationRequest } from './attestation-request';
import { MAX_REMINDERS, nextReminderAt, remindedOrSentBefore } from './reminder-schedule';

const SENT = new Date('2026-11-22T10:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const at = (days: number) => new Date(SENT.getTime() + days * DAY);

function sentRequest(expiresAt: Date | null = null): AttestationRequest {
  return anIssuedRequest({ expiresAt, now: SENT });
}

describe('the reminder schedule', () => {
  it('is due the interval after sending, then the interval after each reminder, at most three times', () => {
    const request = sentRequest();
    expect(nextReminderAt(request, 3)).toEqual(at(3));
    for (let n = 1; n <= MAX_REMINDERS; n++) {
      request.recordReminder(at(3 * n));
      expect(request).toMatchObject({ reminderCount: n, lastRemindedAt: at(3 * n), updatedAt: at(3 * n) });
      expect(nextReminderAt(request, 3)).toEqual(n < MAX_REMINDERS ? at(3 * (n + 1)) : null);
    }
    expect(() => request.recordReminder(at(12))).toThrow(IllegalTransitionError);
    expect(request.reminderCount).toBe(MAX_REMINDERS);
  });

  it('counts from a late reminder, not from the ideal schedule', () => {
    const request = sentRequest();
    request.recordReminder(at(5));
    expect(nextReminderAt(request, 3)).toEqual(at(8));
  });

  it('keeps reminding a viewed request, and never one that is signed, canceled, expired or undeliverable', () => {
    const viewed = sentRequest();
    viewed.markViewed(at(1));
    expect(nextReminderAt(viewed, 3)).toEqual(at(3));
    viewed.recordReminder(at(3));
    expect(viewed.status).toBe('viewed');

    const closed = [sentRequest(), sentRequest(), sentRequest(), sentRequest()];
    closed[0].markViewed(at(1));
    closed[0].markAttested(at(1));
    closed[1].supersede(at(1));
    closed[2].expire(at(1));
    closed[3].reportDeliveryProblem('bounced', at(1));
    for (const request of closed) {
      expect(nextReminderAt(request, 3)).toBeNull();
      expect(() => request.recordReminder(at(3))).toThrow(IllegalTransitionError);
      expect(request.reminderCount).toBe(0);
    }
  });

  it('bounds a sweep: reminded or sent at least the interval before now', () => {
    expect(remindedOrSentBefore(at(10), 3)).toEqual(at(7));
  });
});

describe('expiry of a request', () => {
  it('is past its expiry from expires_at on, and never without one', () => {
    const request = sentRequest(at(30));
    expect(request.isPastExpiry(new Date(at(30).getTime() - 1))).toBe(false);
    expect(request.isPastExpiry(at(30))).toBe(true);
    expect(sentRequest(null).isPastExpiry(at(10_000))).toBe(false);
  });
});
