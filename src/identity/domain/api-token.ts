import { createHash, randomBytes } from 'node:crypto';
import { newId } from '@lib/common';

/**
 * A recognisable prefix lets secret scanners find leaked tokens; 32 random bytes make guessing hopeless.
 * Only the SHA-256 of the plaintext is stored (a fast hash is right for high-entropy secrets).
 */
export const TOKEN_PREFIX = 'atst_';
const USAGE_STAMP_INTERVAL_MS = 60_000;

export function hashToken(plaintext: string): string {
  return createHash('sha256').update(plaintext, 'utf8').digest('hex');
}

export class ApiToken {
  constructor(
    readonly id: string,
    readonly organizationId: string,
    readonly userId: string,
    readonly createdByUserId: string | null,
    readonly name: string,
    readonly tokenHash: string,
    readonly scopes: string[],
    readonly createdAt: Date,
    public lastUsedAt: Date | null,
    readonly expiresAt: Date | null,
    public revokedAt: Date | null,
  ) {}

  /** Issues a new token; the plaintext is returned once and never stored. */
  static issue(input: {
    organizationId: string;
    userId: string;
    createdByUserId?: string | null;
    name?: string;
    expiresAt?: Date | null;
    now: Date;
  }): { token: ApiToken; plaintext: string } {
    const plaintext = TOKEN_PREFIX + randomBytes(32).toString('base64url');
    const token = new ApiToken(
      newId(),
      input.organizationId,
      input.userId,
      input.createdByUserId ?? input.userId,
      input.name?.trim() || 'API token',
      hashToken(plaintext),
      ['api:use'],
      input.now,
      null,
      input.expiresAt ?? null,
      null,
    );
    return { token, plaintext };
  }

  isUsable(now: Date): boolean {
    if (this.revokedAt !== null) return false;
    if (this.expiresAt !== null && this.expiresAt <= now) return false;
    return this.scopes.includes('api:use');
  }

  /** `last_used_at` is written at most once a minute, so authentication does not write on every request. */
  needsUsageStamp(now: Date): boolean {
    return this.lastUsedAt === null || now.getTime() - this.lastUsedAt.getTime() >= USAGE_STAMP_INTERVAL_MS;
  }

  revoke(now: Date): void {
    if (this.revokedAt === null) this.revokedAt = now;
  }
}
