import { createHash, randomBytes } from 'node:crypto';
import { Entity, newId } from '@lib/core';

export const SESSION_IDLE_MS = 30 * 60_000;
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60_000;
const TOUCH_INTERVAL_MS = 60_000;

export function hashSessionSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

export interface ConsoleSessionProps {
  id: string;
  secretHash: string;
  userId: string;
  /** The organization the user works in now; null until they pick one. */
  organizationId: string | null;
  createdAt: Date;
  lastSeenAt: Date;
  endedAt: Date | null;
}

/**
 * A signed-in browser. The cookie holds a random secret; only its hash is stored. It ends after 30 minutes
 * without a request, 12 hours after it began, or when the user signs out.
 */
export class ConsoleSession extends Entity.exposing<ConsoleSessionProps>()('id', 'userId', 'organizationId') {
  /** A new session (a new id at every sign-in); the secret goes to the cookie and nowhere else. */
  static start(input: { userId: string; organizationId: string | null; now: Date }): {
    session: ConsoleSession;
    secret: string;
  } {
    const secret = randomBytes(32).toString('base64url');
    const session = new ConsoleSession({
      id: newId(),
      secretHash: hashSessionSecret(secret),
      userId: input.userId,
      organizationId: input.organizationId,
      createdAt: input.now,
      lastSeenAt: input.now,
      endedAt: null,
    });
    return { session, secret };
  }

  isActive(now: Date): boolean {
    const time = now.getTime();
    return (
      this.props.endedAt === null &&
      time - this.props.lastSeenAt.getTime() < SESSION_IDLE_MS &&
      time - this.props.createdAt.getTime() < SESSION_ABSOLUTE_MS
    );
  }

  /** Records activity; true when it changed enough to be written (at most once a minute). */
  touch(now: Date): boolean {
    if (now.getTime() - this.props.lastSeenAt.getTime() < TOUCH_INTERVAL_MS) return false;
    this.props.lastSeenAt = now;
    return true;
  }

  workIn(organizationId: string | null): void {
    this.props.organizationId = organizationId;
  }

  end(now: Date): void {
    if (this.props.endedAt === null) this.props.endedAt = now;
  }
}
