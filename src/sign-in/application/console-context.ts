import type { Role } from '../../identity/domain/role';
import type { User } from '../../identity/domain/user';
import type { ConsoleSession } from '../domain/console-session';

export interface ConsoleOrganization {
  organizationId: string;
  organizationName: string;
  role: Role;
}

/** Who is signed in, read live on every request: a role changed or a membership removed counts at once. */
export interface ConsoleContext {
  session: ConsoleSession;
  user: User;
  organizations: ConsoleOrganization[];
  /** Where they work now; null until they pick one of several. */
  current: ConsoleOrganization | null;
}
