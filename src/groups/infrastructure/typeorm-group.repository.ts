import { Injectable } from '@nestjs/common';
import { activeManager, readRows } from '../../database/typeorm-unit-of-work';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Page, PageRequest } from '@lib/http';
import { GroupRepository } from '../application/group.repository';
import type { Group } from '../domain/group';
import { groupMapper } from './group.mapper';
import { GroupRecord } from './group.record';
import { fetchGroupsPage } from './groups-list.sql';

@Injectable()
export class TypeormGroupRepository extends GroupRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {
    super();
  }

  async add(group: Group): Promise<void> {
    await activeManager(this.db).getRepository(GroupRecord).insert(groupMapper.toRecord(group));
  }

  async findById(id: string): Promise<Group | null> {
    const record = await activeManager(this.db).getRepository(GroupRecord).findOneBy({ id });
    return record ? groupMapper.toDomain(record) : null;
  }

  async findInOrganization(organizationId: string, id: string): Promise<Group | null> {
    const record = await activeManager(this.db).getRepository(GroupRecord).findOneBy({ organizationId, id });
    return record ? groupMapper.toDomain(record) : null;
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

  async addDocument(groupId: string, documentId: string, now: Date): Promise<void> {
    // Called inside the use-case's unit of work: the document and its assignments land together.
    const manager = activeManager(this.db);
    await manager.query(
      `INSERT INTO group_documents (group_id, document_id, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
      [groupId, documentId, now],
    );
    await manager.query(
      `INSERT INTO document_assignments (document_id, person_id, organization_id, group_id, created_at)
       SELECT $2, m.person_id, m.organization_id, m.group_id, $3
       FROM group_memberships m
       WHERE m.group_id = $1
       ON CONFLICT DO NOTHING`,
      [groupId, documentId, now],
    );
  }
}
