import type { EntityManager, ObjectLiteral } from 'typeorm';

/**
 * Inserts or updates an entity's row: its snapshot copied into a new record of the given class (TypeORM maps a
 * record's columns from its class, not from a plain object). Pass the unit of work's manager to join its transaction.
 */
export async function saveSnapshot<R extends ObjectLiteral>(
  manager: EntityManager,
  record: new () => R,
  entity: { toSnapshot(): object },
): Promise<void> {
  await manager.getRepository(record).save(Object.assign(new record(), entity.toSnapshot()));
}
