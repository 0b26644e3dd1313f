import type { Origin } from '../../audit-log/domain/audit-entry';
import type { Role } from '../domain/role';

/** Who acts through a door (an API token, a console session), where, with which role, and from where. */
export interface Actor {
  userId: string;
  organizationId: string;
  role: Role;
  origin: Origin;
}
