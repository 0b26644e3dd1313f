import { anApiToken } from '../../../test/support/builders';
import { ApiToken, hashToken, isTokenScope, TOKEN_PREFIX } from './api-token';

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
    expect(token.isUsable(now, 'scim')).toBe(true);
    expect(anApiToken().isUsable(now, 'scim')).toBe(false);
  });

  it('reads a token stored without a scope as an API token', () => {
    expect(anApiToken({ scopes: [] }).scope).toBe('api:use');
  });

  it('knows its two scopes, and nothing else', () => {
    expect(isTokenScope('api:use')).toBe(true);
    expect(isTokenScope('scim')).toBe(true);
    for (const value of ['', 'api', 'SCIM', ['scim'], null, 1]) expect(isTokenScope(value)).toBe(false);
  });

  it('asks for a usage stamp at most once a minute', () => {
    const { token } = ApiToken.issue({ organizationId: 'o', userId: 'u', now });
    expect(token.needsUsageStamp(now)).toBe(true);
    const used = anApiToken({ lastUsedAt: now });
    expect(used.needsUsageStamp(new Date(now.getTime() + 59_999))).toBe(false);
    expect(used.needsUsageStamp(new Date(now.getTime() + 60_000))).toBe(true);
  });
});

describe('ApiToken rules no other suite pins', () => {
  it('keeps the first revocation date when revoked twice', () => {
    const token = anApiToken();
    token.revoke(now);
    token.revoke(new Date(now.getTime() + 60_000));
    expect(token.revokedAt).toEqual(now);
    expect(token.isUsable(now)).toBe(false);
  });

  it('is usable until the instant it expires, and without an expiry forever', () => {
    const expiresAt = new Date(now.getTime() + 1000);
    const token = anApiToken({ expiresAt });
    expect(token.isUsable(new Date(expiresAt.getTime() - 1))).toBe(true);
    expect(token.isUsable(expiresAt)).toBe(false);
    expect(anApiToken().isUsable(new Date('2099-01-01T00:00:00.000Z'))).toBe(true);
  });

  it('is unusable without the api:use scope', () => {
    expect(anApiToken({ scopes: [] }).isUsable(now)).toBe(false);
    expect(anApiToken({ scopes: ['console:use'] }).isUsable(now)).toBe(false);
  });

  it('is named, made by and expiring as told, or named "API token" and made by its user', () => {
    const expiresAt = new Date(now.getTime() + 86_400_000);
    const { token } = ApiToken.issue({
      organizationId: 'o',
      userId: 'u',
      createdByUserId: 'admin',
      name: '  CI deploys  ',
      expiresAt,
      now,
    });
    expect(token.toSnapshot()).toMatchObject({
      organizationId: 'o',
      userId: 'u',
      createdByUserId: 'admin',
      name: 'CI deploys',
      expiresAt,
      createdAt: now,
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(token.id).toMatch(/^[0-7][0-9a-hjkmnp-tv-z]{25}$/);
    const { token: plain } = ApiToken.issue({ organizationId: 'o', userId: 'u', name: '   ', now });
    expect(plain).toMatchObject({ name: 'API token', createdByUserId: 'u', expiresAt: null });
  });

  it('gives a new plaintext every time, prefixed atst_ for secret scanners, and hashes it as SHA-256 hex', () => {
    const first = ApiToken.issue({ organizationId: 'o', userId: 'u', now });
    const second = ApiToken.issue({ organizationId: 'o', userId: 'u', now });
    expect(first.plaintext).not.toBe(second.plaintext);
    expect(first.plaintext.startsWith('atst_')).toBe(true);
    expect(first.token.id).not.toBe(second.token.id);
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('keeps its state to itself: restoring and snapshots copy the scopes', () => {
    const scopes = ['api:use'];
    const token = ApiToken.restore({ ...anApiToken().toSnapshot(), scopes });
    scopes.pop();
    expect(token.scopes).toEqual(['api:use']);
    const snapshot = token.toSnapshot();
    expect(snapshot.scopes).toEqual(['api:use']);
    expect(Object.isFrozen(snapshot)).toBe(true);
    (snapshot.scopes as string[]).pop();
    expect(token.scopes).toEqual(['api:use']);
  });
});
