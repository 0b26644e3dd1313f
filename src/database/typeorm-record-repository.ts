import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityTarget, type FindOptionsWhere } from 'typeorm';
import { snapshotRecord } from '@lib/persistence';
import { activeManager } from './typeorm-unit-of-work';

/** A domain entity to its TypeORM record and back. */
export interface RecordMapper<Entity, Row> {
  toRecord(entity: Entity): Row;
  toDomain(record: Row): Entity;
}

/** The mapper of an entity stored as its snapshot: the record is `toSnapshot()`'s fields, read back by `restore`. */
export function snapshotMapper<Entity extends { toSnapshot(): object }, Row extends { id: string }>(
  record: new () => Row,
  restore: (record: Row) => Entity,
): RecordMapper<Entity, Row> {
  return { toRecord: (entity) => snapshotRecord(record, entity), toDomain: restore };
}

/**
 * The base of an adapter over one record and its mapper: the port's `save` (insert or update) and `findById`,
 * inside the unit of work's transaction when one is open, with the data source injected. An adapter extends
 * `TypeormRecordRepository(XRecord, xMapper)` and implements its port's other methods.
 */
export function TypeormRecordRepository<Entity, Row extends { id: string }>(
  record: EntityTarget<Row>,
  mapper: RecordMapper<Entity, Row>,
) {
  @Injectable()
  class RecordRepository {
    constructor(@InjectDataSource() protected readonly db: DataSource) {}

    async save(entity: Entity): Promise<void> {
      await activeManager(this.db).getRepository(record).save(mapper.toRecord(entity));
    }

    findById(id: string): Promise<Entity | null> {
      return findRecordById(this.db, record, id, mapper.toDomain);
    }
  }
  return RecordRepository;
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
