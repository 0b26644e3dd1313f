import type { Origin } from '../../audit-log/domain/audit-entry';
import type { Actor } from '../../identity/application/actor';
import type { ManagingContext } from './console-door';

/** The signed-in user, in the organization they work in, as the use-cases know an actor. */
export function actorIn(context: ManagingContext, origin: Origin): Actor {
  return {
    userId: context.user.id,
    organizationId: context.current.organizationId,
    role: context.current.role,
    origin,
  };
}
