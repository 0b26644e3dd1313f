import { ConsoleLink, hashSecret, linkSecret } from './console-link';
import { ConsoleSession, hashSessionSecret } from './console-session';

const now = new Date('2026-11-27T10:00:00.000Z');
const later = (ms: number) => new Date(now.getTime() + ms);
const KEY = 'k'.repeat(32);

describe('ConsoleLink', () => {
  it('keeps only the hash of a secret the worker can rebuild from the id', () => {
    const { link, secret } = ConsoleLink.issue({
      appKey: KEY,
      userId: 'u',
      purpose: 'sign_in',
      organizationId: null,
      now,
    });
    expect(secret).toBe(linkSecret(KEY, link.id));
    expect(link.toSnapshot().tokenHash).toBe(hashSecret(secret));
    expect(JSON.stringify(link.toSnapshot())).not.toContain(secret);
  });

  it('is used once, within 15 minutes (an invitation within 7 days)', () => {
    const { link } = ConsoleLink.issue({ appKey: KEY, userId: 'u', purpose: 'sign_in', organizationId: null, now });
    expect(ConsoleLink.restore(link.toSnapshot()).redeem(later(15 * 60_000))).toBe('expired');
    expect(link.redeem(later(14 * 60_000))).toBe('redeemed');
    expect(link.redeem(later(14 * 60_000))).toBe('used');
    const { link: invitation } = ConsoleLink.issue({
      appKey: KEY,
      userId: 'u',
      purpose: 'invitation',
      organizationId: 'o',
      now,
    });
    expect(invitation.isOpen(later(6 * 24 * 3600_000))).toBe(true);
    expect(invitation.isOpen(later(7 * 24 * 3600_000))).toBe(false);
  });
});

describe('ConsoleSession', () => {
  it('ends after 30 idle minutes, 12 hours in all, or when ended', () => {
    const { session, secret } = ConsoleSession.start({ userId: 'u', organizationId: null, now });
    expect(session.toSnapshot().secretHash).toBe(hashSessionSecret(secret));
    expect(session.isActive(later(29 * 60_000))).toBe(true);
    expect(session.isActive(later(30 * 60_000))).toBe(false);
    for (let hour = 0; hour < 12 * 60; hour += 20) session.touch(later(hour * 60_000));
    expect(session.isActive(later(11 * 3600_000 + 59 * 60_000))).toBe(true);
    expect(session.isActive(later(12 * 3600_000))).toBe(false);
    session.end(now);
    expect(session.isActive(now)).toBe(false);
  });

  it('writes activity at most once a minute', () => {
    const { session } = ConsoleSession.start({ userId: 'u', organizationId: null, now });
    expect(session.touch(later(59_999))).toBe(false);
    expect(session.touch(later(60_000))).toBe(true);
  });
});
