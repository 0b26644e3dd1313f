import type { Request } from 'express';
import type { Origin } from '../../audit-log/domain/audit-entry';
import type { Actor } from '../../identity/application/actor';
import type { Viewer } from '../../standings/application/viewer';
import type { ConsoleDoor, ManagingContext } from './console-door';

/** The signed-in user, in the organization they work in, as the use-cases know an actor. */
export function actorIn(context: ManagingContext, origin: Origin): Actor {
  return {
    userId: context.user.id,
    organizationId: context.current.organizationId,
    role: context.current.role,
    origin,
  };
}

/** A form an owner or administrator posted, once its CSRF token is checked, with them as the actor. */
export async function managingForm(
  door: ConsoleDoor,
  request: Request,
): Promise<{ context: ManagingContext; form: URLSearchParams; actor: Actor }> {
  const context = await door.managing(request);
  const form = await door.form(request, context);
  return { context, form, actor: actorIn(context, door.origin(request)) };
}

/** The signed-in user as the compliance views' use-cases know a viewer (their role decides their scope). */
export function viewerIn(context: ManagingContext): Viewer {
  return { organizationId: context.current.organizationId, userId: context.user.id, role: context.current.role };
}
