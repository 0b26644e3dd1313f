import { Injectable } from '@nestjs/common';
import { UserRepository } from '../../identity/application/user.repository';
import type { Role } from '../../identity/domain/role';
import { ConsoleSessionRepository } from './console-session.repository';

export interface Member {
  userId: string;
  name: string;
  email: string;
  role: Role;
  lastSignInAt: Date | null;
}

/** The organization's users with their role and last sign-in, by name. */
@Injectable()
export class ListMembers {
  constructor(
    private readonly users: UserRepository,
    private readonly sessions: ConsoleSessionRepository,
  ) {}

  async execute(organizationId: string): Promise<Member[]> {
    const members = await this.users.membersOf(organizationId);
    const signIns = await this.sessions.lastSignIns(members.map((m) => m.userId));
    return members.map((m) => ({
      userId: m.userId,
      name: m.user.name,
      email: m.user.email,
      role: m.role,
      lastSignInAt: signIns.get(m.userId) ?? null,
    }));
  }
}
