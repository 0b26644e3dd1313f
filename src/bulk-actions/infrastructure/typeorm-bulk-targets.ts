import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { containsPattern } from '@lib/persistence';
import { activeManager } from '../../database/typeorm-unit-of-work';
import { BulkTargets, TargetQuery } from '../application/bulk-targets';

/**
 * The document's assignees as one statement: the organization and, for a group manager, their groups bound every
 * branch; chosen ids only narrow it. Names and emails match their folded copies, as the people list does.
 */
@Injectable()
export class TypeormBulkTargets extends BulkTargets {
  constructor(@InjectDataSource() private readonly db: DataSource) {
    super();
  }

  async personIds(query: TargetQuery): Promise<string[]> {
    const parameters: unknown[] = [query.organizationId, query.documentId];
    const where = ['a.organization_id = $1', 'a.document_id = $2', 'p.archived_at IS NULL'];
    const add = (value: unknown) => `$${parameters.push(value)}`;
    if (query.personIds) where.push(`a.person_id = ANY(${add([...query.personIds])}::ulid[])`);
    if (query.groupIds) {
      where.push(`EXISTS (SELECT 1 FROM group_memberships m
        WHERE m.person_id = a.person_id AND m.group_id = ANY(${add([...query.groupIds])}::ulid[]))`);
    }
    if (query.groupId) {
      where.push(`EXISTS (SELECT 1 FROM group_memberships m
        WHERE m.person_id = a.person_id AND m.group_id = ${add(query.groupId)} AND m.organization_id = $1)`);
    }
    if (query.search) {
      const pattern = add(containsPattern(query.search));
      where.push(`(p.name_folded LIKE lower(${pattern}) OR p.email_folded LIKE lower(${pattern}))`);
    }
    const rows: { person_id: string }[] = await activeManager(this.db).query(
      `SELECT a.person_id FROM document_assignments a
       JOIN people p ON p.id = a.person_id AND p.organization_id = a.organization_id
       WHERE ${where.join(' AND ')} ORDER BY a.person_id`,
      parameters,
    );
    return rows.map((row) => row.person_id);
  }
}
