import { anApiToken } from '../../../test/support/builders';
import { ApiToken, hashToken, TOKEN_PREFIX } from './api-token';

const now = new Date('2026-11-22T10:00:00.000Z');

describe('ApiToken', () => {
  it('issues a prefixed high-entropy plaintext and keeps only its hash', () => {
    const { token, plaintext } = ApiToken.issue({ organizationId: 'o', userId: 'u', now });
    expect(plaintext).toMatch(new RegExp(`^${TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`));
    expect(token.tokenHash).toBe(hashToken(plaintext));
    expect(JSON.stringify(token)).not.toContain(plaintext);
    expect(token.scopes).toEqual(['api:use']);
  });

  it('is unusable once revoked or expired', () => {
    const { token } = ApiToken.issue({
      organizationId: 'o',
      userId: 'u',
      expiresAt: new Date(now.getTime() + 1000),
      now,
    });
    expect(token.isUsable(now)).toBe(true);
    expect(token.isUsable(new Date(now.getTime() + 1000))).toBe(false);
    token.revoke(now);
    expect(token.isUsable(now)).toBe(false);
  });

  it('carries one scope; a SCIM token does not reach the API', () => {
    const { token } = ApiToken.issue({ organizationId: 'o', userId: 'u', scope: 'scim', now });
    expect(token.scope).toBe('scim');
    expect(token.isUsable(now)).toBe(false);
  });

  it('asks for a usage stamp at most once a minute', () => {
    const { token } = ApiToken.issue({ organizationId: 'o', userId: 'u', now });
    expect(token.needsUsageStamp(now)).toBe(true);
    const used = anApiToken({ lastUsedAt: now });
    expect(used.needsUsageStamp(new Date(now.getTime() + 59_999))).toBe(false);
    expect(used.needsUsageStamp(new Date(now.getTime() + 60_000))).toBe(true);
  });
});
