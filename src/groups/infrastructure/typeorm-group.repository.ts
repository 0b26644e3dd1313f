import { Injectable } from '@nestjs/common';
import { findRecordById } from '../../database/typeorm-record-repository';
import { activeManager, readOne, readRows } from '../../database/typeorm-unit-of-work';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ValidationFailedError } from '@lib/core';
import { messages, Page, PageRequest } from '@lib/http';
import { isUniqueViolation } from '@lib/persistence';
import { GroupRepository } from '../application/group.repository';
import type { Group } from '../domain/group';
import { groupMapper } from './group.mapper';
import { groupFromRow, GroupRecord } from './group.record';
import { fetchGroupsPage, GROUP_IN_ORGANIZATION_SQL } from './groups-list.sql';

/** The directory's id of a group is unique in the organization (groups_external_id_unique). */
function externalIdTaken(error: unknown): never {
  if (isUniqueViolation(error, 'groups_external_id_unique')) {
    throw ValidationFailedError.single('external_id', messages.taken('external id'));
  }
  throw error;
}

@Injectable()
export class TypeormGroupRepository extends GroupRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {
    super();
  }

  async add(group: Group): Promise<void> {
    await activeManager(this.db).getRepository(GroupRecord).insert(groupMapper.toRecord(group)).catch(externalIdTaken);
  }

  async save(group: Group): Promise<void> {
    const { id, ...changes } = groupMapper.toRecord(group);
    await activeManager(this.db).getRepository(GroupRecord).update({ id }, changes).catch(externalIdTaken);
  }

  /** Memberships and the group's documents cascade; assignments keep the person's document (group_id set null). */
  async delete(organizationId: string, groupId: string): Promise<boolean> {
    const [rows]: [unknown[], number] = await activeManager(this.db).query(
      `DELETE FROM groups WHERE id = $1 AND organization_id = $2 RETURNING id`,
      [groupId, organizationId],
    );
    return rows.length > 0;
  }

  findById(id: string): Promise<Group | null> {
    return findRecordById(this.db, GroupRecord, id, groupMapper.toDomain);
  }

  /** Every group route's path check: a raw read on the driver's pool (or the unit of work's transaction). */
  findInOrganization(organizationId: string, id: string): Promise<Group | null> {
    return readOne(this.db, GROUP_IN_ORGANIZATION_SQL, [id, organizationId], groupFromRow);
  }

  async page(organizationId: string, request: PageRequest): Promise<Page<Group>> {
    const { rows, total } = await fetchGroupsPage(
      (statement) => readRows(this.db, statement.text, statement.values),
      organizationId,
      request.offset,
      request.perPage,
    );
    return { items: rows.map(groupMapper.fromRow), total };
  }
}
