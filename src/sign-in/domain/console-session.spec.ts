import { createHash } from 'node:crypto';
import { ConsoleSession, hashSessionSecret } from './console-session';

const now = new Date('2026-11-27T10:00:00.000Z');
const later = (ms: number) => new Date(now.getTime() + ms);

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

describe('ConsoleSession rules no other suite pins', () => {
  it('starts with a fresh 32-byte secret, seen now, in the organization given', () => {
    const { session, secret } = ConsoleSession.start({ userId: 'u', organizationId: 'o', now });
    const other = ConsoleSession.start({ userId: 'u', organizationId: 'o', now });
    expect(Buffer.from(secret, 'base64url')).toHaveLength(32);
    expect(other.secret).not.toBe(secret);
    expect(other.session.id).not.toBe(session.id);
    expect(session.toSnapshot()).toEqual({
      id: session.id,
      secretHash: hashSessionSecret(secret),
      userId: 'u',
      organizationId: 'o',
      createdAt: now,
      lastSeenAt: now,
      endedAt: null,
    });
    expect(hashSessionSecret('abc')).toBe(createHash('sha256').update('abc', 'utf8').digest('hex'));
  });

  it('moves its idle limit with each written touch, never past 12 hours', () => {
    const { session } = ConsoleSession.start({ userId: 'u', organizationId: null, now });
    expect(session.touch(later(20 * 60_000))).toBe(true);
    expect(session.toSnapshot().lastSeenAt).toEqual(later(20 * 60_000));
    expect(session.isActive(later(50 * 60_000 - 1))).toBe(true);
    expect(session.isActive(later(50 * 60_000))).toBe(false);
    expect(session.touch(later(20 * 60_000 + 59_999))).toBe(false);
    expect(session.toSnapshot().lastSeenAt).toEqual(later(20 * 60_000));
  });

  it('changes organization, and ends once: a second end keeps the first time', () => {
    const { session } = ConsoleSession.start({ userId: 'u', organizationId: null, now });
    session.workIn('o');
    expect(session.organizationId).toBe('o');
    session.workIn(null);
    expect(session.organizationId).toBeNull();
    session.end(later(1000));
    session.end(later(2000));
    expect(session.toSnapshot().endedAt).toEqual(later(1000));
    expect(session.isActive(later(1000))).toBe(false);
  });
});
