import { SIGNING_LINK_TTL_MS, SIGNING_SESSION_TTL_MS, SigningLink } from './signing-link';

const now = new Date('2026-11-27T10:00:00.000Z');
const later = (ms: number) => new Date(now.getTime() + ms);
const aLink = () => SigningLink.issue({ id: 'l', organizationId: 'o', attestationRequestId: 'r', tokenHash: 'h', now });

describe('SigningLink', () => {
  it('opens once within ten minutes, not at the tenth minute', () => {
    const link = aLink();
    expect(link.expiresAt).toEqual(later(SIGNING_LINK_TTL_MS));
    expect(link.refusal(later(SIGNING_LINK_TTL_MS - 1))).toBeNull();
    expect(link.refusal(later(SIGNING_LINK_TTL_MS))).toBe('expired');
    link.use(later(1000));
    expect(link.refusal(later(2000))).toBe('used');
    expect(() => link.use(later(3000))).toThrow('a signing link that is used cannot be used');
    expect(() => aLink().use(later(SIGNING_LINK_TTL_MS))).toThrow('expired');
  });

  it('keeps the session it opened for twelve hours after its use', () => {
    const link = aLink();
    expect(link.sessionIsOpen(later(1))).toBe(false);
    link.use(later(1000));
    expect(link.sessionIsOpen(later(1000))).toBe(true);
    expect(link.sessionIsOpen(later(1000 + SIGNING_SESSION_TTL_MS - 1))).toBe(true);
    expect(link.sessionIsOpen(later(1000 + SIGNING_SESSION_TTL_MS))).toBe(false);
    const twelveHours = 12 * 3_600_000;
    expect(link.sessionIsOpen(later(1000 + twelveHours - 1))).toBe(true);
    expect(link.sessionIsOpen(later(1000 + twelveHours))).toBe(false);
    expect(SigningLink.restore(link.toSnapshot()).toSnapshot()).toEqual(link.toSnapshot());
  });
});

describe('SigningLink rules no other suite pins', () => {
  it('is issued unused for its request, and records the moment of its one use', () => {
    const link = aLink();
    expect([link.id, link.organizationId, link.attestationRequestId]).toEqual(['l', 'o', 'r']);
    expect(link.toSnapshot()).toEqual({
      id: 'l',
      organizationId: 'o',
      attestationRequestId: 'r',
      tokenHash: 'h',
      createdAt: now,
      expiresAt: later(SIGNING_LINK_TTL_MS),
      usedAt: null,
    });
    link.use(later(SIGNING_LINK_TTL_MS - 1));
    expect(link.toSnapshot().usedAt).toEqual(later(SIGNING_LINK_TTL_MS - 1));
    expect(Object.isFrozen(link.toSnapshot())).toBe(true);
  });

  it('stays used after its expiry, and restores as a copy', () => {
    const link = aLink();
    link.use(now);
    expect(link.refusal(later(SIGNING_LINK_TTL_MS))).toBe('used');
    const snapshot = { ...link.toSnapshot() };
    const restored = SigningLink.restore(snapshot);
    snapshot.usedAt = null;
    expect(restored.refusal(now)).toBe('used');
  });
});
