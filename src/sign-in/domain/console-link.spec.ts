import { createHash, createHmac } from 'node:crypto';
import { ConsoleLink, hashSecret, linkSecret } from './console-link';

const now = new Date('2026-11-27T10:00:00.000Z');
const later = (ms: number) => new Date(now.getTime() + ms);
const KEY = 'k'.repeat(32);

/** A link issued now under KEY to user `u`: a sign-in link, or an invitation to organization `o`. */
const issue = (purpose: 'sign_in' | 'invitation') =>
  ConsoleLink.issue({ appKey: KEY, userId: 'u', purpose, organizationId: purpose === 'invitation' ? 'o' : null, now });

describe('ConsoleLink', () => {
  it('keeps only the hash of a secret the worker can rebuild from the id', () => {
    const { link, secret } = issue('sign_in');
    expect(secret).toBe(linkSecret(KEY, link.id));
    expect(link.toSnapshot().tokenHash).toBe(hashSecret(secret));
    expect(JSON.stringify(link.toSnapshot())).not.toContain(secret);
  });

  it('is used once, within 15 minutes (an invitation within 7 days)', () => {
    const { link } = issue('sign_in');
    expect(ConsoleLink.restore(link.toSnapshot()).redeem(later(15 * 60_000))).toBe('expired');
    expect(link.redeem(later(14 * 60_000))).toBe('redeemed');
    expect(link.redeem(later(14 * 60_000))).toBe('used');
    const { link: invitation } = issue('invitation');
    expect(invitation.isOpen(later(6 * 24 * 3600_000))).toBe(true);
    expect(invitation.isOpen(later(7 * 24 * 3600_000))).toBe(false);
  });
});

describe('ConsoleLink rules no other suite pins', () => {
  it('derives the secret as HMAC-SHA256 of the link id under APP_KEY, and stores its SHA-256 in hex', () => {
    const { link, secret } = issue('sign_in');
    // Links already sent must keep working after an upgrade: the derivation is pinned, not just self-consistent.
    expect(secret).toBe(createHmac('sha256', KEY).update(`console-link:${link.id}`, 'utf8').digest('base64url'));
    expect(hashSecret('abc')).toBe(createHash('sha256').update('abc', 'utf8').digest('hex'));
    expect(linkSecret('another key', link.id)).not.toBe(secret);
  });

  it('is issued unused, for the user and organization given, expiring after its time to live', () => {
    const { link } = ConsoleLink.issue({
      appKey: KEY,
      userId: 'u',
      purpose: 'invitation',
      organizationId: 'o',
      now,
      ttlMs: 1000,
    });
    expect(link.toSnapshot()).toEqual({
      id: link.id,
      userId: 'u',
      purpose: 'invitation',
      organizationId: 'o',
      tokenHash: link.toSnapshot().tokenHash,
      createdAt: now,
      expiresAt: later(1000),
      usedAt: null,
    });
    expect([link.userId, link.purpose, link.organizationId]).toEqual(['u', 'invitation', 'o']);
    const { link: signIn } = issue('sign_in');
    expect(signIn.toSnapshot().expiresAt).toEqual(later(15 * 60_000));
  });

  it('is open until its expiry or its use, and is redeemed up to the last millisecond', () => {
    const { link } = issue('sign_in');
    expect(link.isOpen(later(15 * 60_000 - 1))).toBe(true);
    expect(link.isOpen(later(15 * 60_000))).toBe(false);
    expect(link.redeem(later(15 * 60_000 - 1))).toBe('redeemed');
    expect(link.toSnapshot().usedAt).toEqual(later(15 * 60_000 - 1));
    expect(link.isOpen(now)).toBe(false);
    expect(link.redeem(later(16 * 60_000))).toBe('used');
  });
});
