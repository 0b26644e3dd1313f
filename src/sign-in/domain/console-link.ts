import { createHash, createHmac } from 'node:crypto';
import { Entity, newId } from '@lib/core';

/** `sign_in`: asked for on the sign-in page; `invitation`: sent when a member is invited. */
export type LinkPurpose = 'sign_in' | 'invitation';

export const SIGN_IN_LINK_TTL_MS = 15 * 60_000;
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;

/**
 * The secret in a link, derived from the link id with APP_KEY: the worker rebuilds it to write the email, while
 * only its SHA-256 is stored (a leaked database does not leak working links).
 */
export function linkSecret(appKey: string, linkId: string): string {
  return createHmac('sha256', appKey).update(`console-link:${linkId}`, 'utf8').digest('base64url');
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

export interface ConsoleLinkProps {
  id: string;
  userId: string;
  purpose: LinkPurpose;
  /** The organization the link signs into (an invitation's); null lets the user pick. */
  organizationId: string | null;
  tokenHash: string;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
}

export type Redemption = 'redeemed' | 'expired' | 'used';

/** A single-use link that signs a user in to the console. */
export class ConsoleLink extends Entity.exposing<ConsoleLinkProps>()('id', 'userId', 'purpose', 'organizationId') {
  static issue(input: {
    appKey: string;
    userId: string;
    purpose: LinkPurpose;
    organizationId: string | null;
    now: Date;
    ttlMs?: number;
  }): { link: ConsoleLink; secret: string } {
    const id = newId();
    const secret = linkSecret(input.appKey, id);
    const ttl = input.ttlMs ?? (input.purpose === 'invitation' ? INVITATION_TTL_MS : SIGN_IN_LINK_TTL_MS);
    const link = new ConsoleLink({
      id,
      userId: input.userId,
      purpose: input.purpose,
      organizationId: input.organizationId,
      tokenHash: hashSecret(secret),
      createdAt: input.now,
      expiresAt: new Date(input.now.getTime() + ttl),
      usedAt: null,
    });
    return { link, secret };
  }

  /** Whether it can still be used, without using it. */
  isOpen(now: Date): boolean {
    return this.props.usedAt === null && now < this.props.expiresAt;
  }

  /** Uses the link once: a second use, or one after its expiry, is refused. */
  redeem(now: Date): Redemption {
    if (this.props.usedAt !== null) return 'used';
    if (now >= this.props.expiresAt) return 'expired';
    this.props.usedAt = now;
    return 'redeemed';
  }
}
