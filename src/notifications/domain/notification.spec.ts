import { aNotification } from '../../../test/support/builders';
import { Notification } from './notification';

const now = new Date('2026-11-22T10:00:00.000Z');
const later = new Date('2026-11-22T10:05:00.000Z');

/** What a new email is, whatever it carries: pending, not tried yet (and created and updated now). */
const UNTRIED = { status: 'pending', attempts: 0, lastError: null, relayedAt: null, sentAt: null };

describe('Notification', () => {
  it('announces at least one request, pending, not yet tried', () => {
    const ids = ['r1', 'r2'];
    const notification = Notification.announce({
      organizationId: 'o',
      personId: 'p',
      kind: 'requests_issued',
      attestationRequestIds: ids,
      now,
    });
    ids.push('r3');
    expect(notification.toSnapshot()).toEqual({
      id: notification.id,
      organizationId: 'o',
      personId: 'p',
      consoleLinkId: null,
      kind: 'requests_issued',
      attestationRequestIds: ['r1', 'r2'],
      ...UNTRIED,
      createdAt: now,
      updatedAt: now,
    });
    expect(notification.id).toMatch(/^[0-7][0-9a-hjkmnp-tv-z]{25}$/);
    expect(notification.isPending).toBe(true);
    expect(() =>
      Notification.announce({ organizationId: 'o', personId: 'p', kind: 'reminder', attestationRequestIds: [], now }),
    ).toThrow('a notification announces at least one request');
  });

  it.each([
    {
      does: 'is sent once, counting the attempt and clearing an earlier error',
      from: { attempts: 1, lastError: 'timeout' },
      act: (notification: Notification) => notification.markSent(later),
      then: { status: 'sent', attempts: 2, sentAt: later, lastError: null, updatedAt: later, isPending: false },
    },
    {
      does: 'counts a failed attempt and stays pending for the retry',
      from: {},
      act: (notification: Notification) => notification.recordFailedAttempt('421 try later', later),
      then: { status: 'pending', attempts: 1, lastError: '421 try later', updatedAt: later },
    },
    {
      does: 'gives up for good, counting the last attempt',
      from: { attempts: 4 },
      act: (notification: Notification) => notification.giveUp('550 no such user', later),
      then: { status: 'failed', attempts: 5, lastError: '550 no such user', updatedAt: later },
    },
    {
      does: 'sends nothing when its requests were closed, and says so, without counting an attempt',
      from: {},
      act: (notification: Notification) => notification.markObsolete(later),
      then: {
        status: 'sent',
        attempts: 0,
        sentAt: null,
        lastError: 'not sent: its requests were no longer open',
        updatedAt: later,
      },
    },
  ])('$does', ({ from, act, then }) => {
    const notification = aNotification(from);
    act(notification);
    expect(notification).toMatchObject(then);
  });

  it('keeps its request ids to itself', () => {
    const ids = ['r1'];
    const notification = Notification.restore({ ...aNotification().toSnapshot(), attestationRequestIds: ids });
    ids.push('r2');
    expect(notification.attestationRequestIds).toEqual(['r1']);
    const snapshot = notification.toSnapshot();
    expect(Object.isFrozen(snapshot)).toBe(true);
    snapshot.attestationRequestIds.push('r3');
    expect(notification.attestationRequestIds).toEqual(['r1']);
    expect(notification).toMatchObject({ kind: 'request_sent', relayedAt: null, createdAt: now });
  });
});

describe('Notification.carryConsoleLink', () => {
  it('is a pending email for the link alone: no person, no request', () => {
    const notification = Notification.carryConsoleLink({ organizationId: 'o', consoleLinkId: 'l', now });
    expect(notification.toSnapshot()).toEqual({
      id: notification.id,
      organizationId: 'o',
      personId: null,
      consoleLinkId: 'l',
      kind: 'console_link',
      attestationRequestIds: [],
      ...UNTRIED,
      createdAt: now,
      updatedAt: now,
    });
  });
});
