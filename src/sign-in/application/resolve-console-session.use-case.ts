import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import { UserRepository } from '../../identity/application/user.repository';
import { hashSessionSecret } from '../domain/console-session';
import type { ConsoleContext } from './console-context';
import { ConsoleSessionRepository } from './console-session.repository';

/**
 * The session behind a cookie, if it is still open, with the user's organizations and role read now. A user who
 * belongs to no organization any more is signed out; one removed from the organization they worked in is back
 * at the choice of organization.
 */
@Injectable()
export class ResolveConsoleSession {
  constructor(
    private readonly sessions: ConsoleSessionRepository,
    private readonly users: UserRepository,
    private readonly clock: Clock,
  ) {}

  async execute(secret: string): Promise<ConsoleContext | null> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(secret)) return null;
    const session = await this.sessions.findBySecretHash(hashSessionSecret(secret));
    const now = this.clock.now();
    if (!session || !session.isActive(now)) return null;
    const user = await this.users.findById(session.userId);
    const memberships = user ? await this.users.membershipsOfUser(user.id) : [];
    if (!user || memberships.length === 0) {
      session.end(now);
      await this.sessions.save(session);
      return null;
    }
    const organizations = memberships.map(({ organizationId, organizationName, role }) => ({
      organizationId,
      organizationName,
      role,
    }));
    let current = organizations.find((o) => o.organizationId === session.organizationId) ?? null;
    if (!current && organizations.length === 1) current = organizations[0];
    const moved = (current?.organizationId ?? null) !== session.organizationId;
    if (moved) session.workIn(current?.organizationId ?? null);
    if (session.touch(now) || moved) await this.sessions.save(session);
    return { session, user, organizations, current };
  }
}
