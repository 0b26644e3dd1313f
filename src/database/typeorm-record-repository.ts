import type { DataSource, EntityTarget, FindOptionsWhere } from 'typeorm';
import { activeManager } from './typeorm-unit-of-work';

/** A domain entity to its TypeORM record and back. */
export interface RecordMapper<Entity, Row> {
  toRecord(entity: Entity): Row;
  toDomain(record: Row): Entity;
}

/**
 * A repository's `save` (insert or update) and `findById` over one record and its mapper, inside the unit of work's
 * transaction when one is open. An adapter extends it and implements its port's other methods.
 */
export abstract class TypeormRecordRepository<Entity, Row extends { id: string }> {
  protected constructor(
    protected readonly db: DataSource,
    private readonly record: EntityTarget<Row>,
    private readonly mapper: RecordMapper<Entity, Row>,
  ) {}

  async save(entity: Entity): Promise<void> {
    await activeManager(this.db).getRepository(this.record).save(this.mapper.toRecord(entity));
  }

  findById(id: string): Promise<Entity | null> {
    return findRecordById(this.db, this.record, id, this.mapper.toDomain);
  }
}

/** The entity of the record with this id, through the unit of work's transaction when one is open; null when none. */
export async function findRecordById<Entity, Row extends { id: string }>(
  db: DataSource,
  record: EntityTarget<Row>,
  id: string,
  toDomain: (record: Row) => Entity,
): Promise<Entity | null> {
  const found = await activeManager(db)
    .getRepository(record)
    .findOneBy({ id } as FindOptionsWhere<Row>);
  return found ? toDomain(found) : null;
}
