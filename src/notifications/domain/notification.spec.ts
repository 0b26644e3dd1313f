import { aNotification } from '../../../test/support/builders';
import { Notification } from './notification';

const now = new Date('2026-11-22T10:00:00.000Z');
const later = new Date('2026-11-22T10:05:00.000Z');

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
      status: 'pending',
      attempts: 0,
      lastError: null,
      relayedAt: null,
      sentAt: null,
      createdAt: now,
      updatedAt: now,
    });
    expect(notification.id).toMatch(/^[0-7][0-9a-hjkmnp-tv-z]{25}$/);
    expect(notification.isPending).toBe(true);
    expect(() =>
      Notification.announce({ organizationId: 'o', personId: 'p', kind: 'reminder', attestationRequestIds: [], now }),
    ).toThrow('a notification announces at least one request');
  });

  it('is sent once, counting the attempt and clearing an earlier error', () => {
    const notification = aNotification({ attempts: 1, lastError: 'timeout' });
    notification.markSent(later);
    expect(notification).toMatchObject({
      status: 'sent',
      attempts: 2,
      sentAt: later,
      lastError: null,
      updatedAt: later,
    });
    expect(notification.isPending).toBe(false);
  });

  it('counts a failed attempt and stays pending for the retry', () => {
    const notification = aNotification();
    notification.recordFailedAttempt('421 try later', later);
    expect(notification).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: '421 try later',
      updatedAt: later,
    });
  });

  it('gives up for good, counting the last attempt', () => {
    const notification = aNotification({ attempts: 4 });
    notification.giveUp('550 no such user', later);
    expect(notification).toMatchObject({
      status: 'failed',
      attempts: 5,
      lastError: '550 no such user',
      updatedAt: later,
    });
  });

  it('sends nothing when its requests were closed, and says so, without counting an attempt', () => {
    const notification = aNotification();
    notification.markObsolete(later);
    expect(notification).toMatchObject({
      status: 'sent',
      attempts: 0,
      sentAt: null,
      lastError: 'not sent: its requests were no longer open',
      updatedAt: later,
    });
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
      status: 'pending',
      attempts: 0,
      lastError: null,
      relayedAt: null,
      sentAt: null,
      createdAt: now,
      updatedAt: now,
    });
  });
});
