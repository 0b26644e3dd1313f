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

  async findById(id: string): Promise<Entity | null> {
    const where = { id } as FindOptionsWhere<Row>;
    const record = await activeManager(this.db).getRepository(this.record).findOneBy(where);
    return record ? this.mapper.toDomain(record) : null;
  }
}
