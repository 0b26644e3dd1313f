import type { Origin } from '../../audit-log/domain/audit-entry';
import type { Actor } from '../../identity/application/actor';
import type { Viewer } from '../../standings/application/viewer';
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

/** The signed-in user as the compliance views' use-cases know a viewer (their role decides their scope). */
export function viewerIn(context: ManagingContext): Viewer {
  return { organizationId: context.current.organizationId, userId: context.user.id, role: context.current.role };
}
