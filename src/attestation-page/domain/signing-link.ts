import { Entity } from '@lib/core';

/** How long a signing URL can be opened, and how long the page's session lasts once it was. */
export const SIGNING_LINK_TTL_MS = 10 * 60 * 1000;
export const SIGNING_SESSION_TTL_MS = 12 * 60 * 60 * 1000;

export interface SigningLinkProps {
  id: string;
  organizationId: string;
  attestationRequestId: string;
  tokenHash: string;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
}

/** Why a signing link cannot be opened (any more). */
export type SigningLinkRefusal = 'expired' | 'used';

/**
 * A link to a request's page that an integrator hands over itself (a chat message, its own page in a frame):
 * it opens the page once, within 10 minutes, and the page then continues in that browser's session for 12 hours.
 */
export class SigningLink extends Entity.exposing<SigningLinkProps>()(
  'id',
  'organizationId',
  'attestationRequestId',
  'expiresAt',
) {
  static issue(input: Omit<SigningLinkProps, 'createdAt' | 'expiresAt' | 'usedAt'> & { now: Date }): SigningLink {
    const { now, ...rest } = input;
    return new SigningLink({
      ...rest,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SIGNING_LINK_TTL_MS),
      usedAt: null,
    });
  }

  /** Why it cannot be opened now, or null when it can: a used link stays used, then time decides. */
  refusal(now: Date): SigningLinkRefusal | null {
    if (this.props.usedAt !== null) return 'used';
    return now.getTime() >= this.props.expiresAt.getTime() ? 'expired' : null;
  }

  /** Opens the page with it: the one load it allows. */
  use(now: Date): void {
    const refusal = this.refusal(now);
    if (refusal !== null) throw new Error(`a signing link that is ${refusal} cannot be used`);
    this.props.usedAt = now;
  }

  /** Whether the page's session it opened still lasts. */
  sessionIsOpen(now: Date): boolean {
    return this.props.usedAt !== null && now.getTime() < this.props.usedAt.getTime() + SIGNING_SESSION_TTL_MS;
  }
}
