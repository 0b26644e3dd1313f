import { Inject, Injectable, type Type } from '@nestjs/common';
import { Clock } from '@lib/core';
import { UnitOfWork } from '../../database/unit-of-work';
import { ResourceEvents } from '../../events/application/resource-events';
import type { ResourceEventType } from '../../events/domain/event-type';
import { ActingUser, AuditTrail, changedFields } from './audit-trail';

/** An entity that takes changes and says whether they made a difference (a person, a group). */
interface Updatable {
  readonly id: string;
  readonly organizationId: string;
  update(changes: never, now: Date): boolean;
}

type ChangesOf<E extends Updatable> = Parameters<E['update']>[0];

/** What changing one entity's fields takes: the changes, and who asks (none: the admin CLI, SCIM). */
export type UpdateInput<T, E extends Updatable> = T & { changes: ChangesOf<E>; actor?: ActingUser };

/** How one kind of entity is found in its repository, named in the audit log and shown in its event. */
export interface UpdatedKind<R, T, E> {
  find(repository: R, target: T): Promise<E>;
  /** The event's type and audit line's action (`person.updated`), the detail that names the entity (`person_id`). */
  action: ResourceEventType;
  idDetail: string;
  /** The entity as the API shows it: the event's `data`. */
  snapshot(entity: E): object;
}

/**
 * The use-case that changes one entity's fields, the same for every kind: in one transaction it is found and
 * changed and, when anything differs, saved, its event recorded and (by a user) audited with the fields asked for. A use-case extends
 * `AuditedUpdateOf(TheRepository, kind)`; its `execute(input)` is this one.
 */
export function AuditedUpdateOf<R extends { save(entity: E): Promise<void> }, T, E extends Updatable>(
  repository: abstract new (...args: never[]) => R,
  kind: UpdatedKind<R, T, E>,
): Type<{ execute(input: UpdateInput<T, E>): Promise<E> }> {
  @Injectable()
  class AuditedUpdate {
    constructor(
      @Inject(repository) private readonly rows: R,
      private readonly unitOfWork: UnitOfWork,
      private readonly clock: Clock,
      private readonly audit: AuditTrail,
      private readonly events: ResourceEvents,
    ) {}

    execute(input: UpdateInput<T, E>): Promise<E> {
      // The entity's own changes type, which this code only hands on.
      const changes = input.changes as never;
      return this.unitOfWork.run(async () => {
        const entity = await kind.find(this.rows, input);
        if (entity.update(changes, this.clock.now())) {
          await this.rows.save(entity);
          await this.audit.changedBy(input.actor, kind.action, {
            [kind.idDetail]: entity.id,
            fields: changedFields(changes),
          });
          await this.events.record(entity.organizationId, kind.action, kind.snapshot(entity));
        }
        return entity;
      });
    }
  }
  return AuditedUpdate;
}
