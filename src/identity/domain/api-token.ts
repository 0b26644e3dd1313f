import { createHash, randomBytes } from 'node:crypto';
import { Entity, newId } from '@lib/core';

/**
 * A recognisable prefix lets secret scanners find leaked tokens; 32 random bytes make guessing hopeless.
 * Only the SHA-256 of the plaintext is stored (a fast hash is right for high-entropy secrets).
 */
export const TOKEN_PREFIX = 'atst_';
const USAGE_STAMP_INTERVAL_MS = 60_000;

/** `api:use` reaches the API; `scim` only the SCIM endpoints (a token holds one scope). */
export const TOKEN_SCOPES = ['api:use', 'scim'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

export function isTokenScope(value: unknown): value is TokenScope {
  return typeof value === 'string' && (TOKEN_SCOPES as readonly string[]).includes(value);
}

export function hashToken(plaintext: string): string {
  return createHash('sha256').update(plaintext, 'utf8').digest('hex');
}

export interface ApiTokenProps {
  id: string;
  organizationId: string;
  userId: string;
  createdByUserId: string | null;
  name: string;
  tokenHash: string;
  scopes: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
}

export class ApiToken extends Entity.exposing<ApiTokenProps>()(
  'id',
  'organizationId',
  'userId',
  'createdByUserId',
  'name',
  'tokenHash',
  'scopes',
  'createdAt',
  'lastUsedAt',
  'expiresAt',
  'revokedAt',
) {
  /** Issues a new token; the plaintext is returned once and never stored. */
  static issue(input: {
    organizationId: string;
    userId: string;
    createdByUserId?: string | null;
    name?: string;
    scope?: TokenScope;
    expiresAt?: Date | null;
    now: Date;
  }): { token: ApiToken; plaintext: string } {
    const plaintext = TOKEN_PREFIX + randomBytes(32).toString('base64url');
    const token = new ApiToken({
      id: newId(),
      organizationId: input.organizationId,
      userId: input.userId,
      createdByUserId: input.createdByUserId ?? input.userId,
      name: input.name?.trim() || 'API token',
      tokenHash: hashToken(plaintext),
      scopes: [input.scope ?? 'api:use'],
      createdAt: input.now,
      lastUsedAt: null,
      expiresAt: input.expiresAt ?? null,
      revokedAt: null,
    });
    return { token, plaintext };
  }

  /** The one scope the token was issued with. */
  get scope(): string {
    return this.props.scopes[0] ?? 'api:use';
  }

  /** Not revoked, not expired, and issued for this door (`api:use` the API, `scim` the SCIM endpoints). */
  isUsable(now: Date, scope: TokenScope = 'api:use'): boolean {
    if (this.revokedAt !== null) return false;
    if (this.expiresAt !== null && this.expiresAt <= now) return false;
    return this.scopes.includes(scope);
  }

  /** `last_used_at` is written at most once a minute, so authentication does not write on every request. */
  needsUsageStamp(now: Date): boolean {
    return this.lastUsedAt === null || now.getTime() - this.lastUsedAt.getTime() >= USAGE_STAMP_INTERVAL_MS;
  }

  revoke(now: Date): void {
    if (this.props.revokedAt === null) this.props.revokedAt = now;
  }
}
