import type { EntityManager, ObjectLiteral } from 'typeorm';

/** An entity's snapshot copied into a new record of the given class: TypeORM maps a record's columns from its class. */
export function snapshotRecord<R extends ObjectLiteral>(record: new () => R, entity: { toSnapshot(): object }): R {
  return Object.assign(new record(), entity.toSnapshot());
}

/** Inserts or updates an entity's row from its snapshot. Pass the unit of work's manager to join its transaction. */
export async function saveSnapshot<R extends ObjectLiteral>(
  manager: EntityManager,
  record: new () => R,
  entity: { toSnapshot(): object },
): Promise<void> {
  await manager.getRepository(record).save(snapshotRecord(record, entity));
}
