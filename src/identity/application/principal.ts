import type { Organization } from '../domain/organization';
import type { Role } from '../domain/role';
import type { User } from '../domain/user';

/** Who is calling: the token's user, in the token's organization, with the role they hold there now. */
export interface Principal {
  tokenId: string;
  user: User;
  organization: Organization;
  role: Role;
}
