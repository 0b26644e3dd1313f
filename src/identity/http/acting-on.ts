import type { Actor } from '../application/actor';

/**
 * What a route acts on, named within the caller's organization, with the caller as the actor (for the audit log):
 * `actingOn(actor, { personId })` is the input of the use-cases that change one thing. The organization is always
 * the actor's, so no route can name another tenant's.
 */
export function actingOn<T extends object>(actor: Actor, target: T): T & { organizationId: string; actor: Actor } {
  return { ...target, organizationId: actor.organizationId, actor };
}
