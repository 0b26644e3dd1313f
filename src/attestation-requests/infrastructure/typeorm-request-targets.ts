import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { activeManager } from '../../database/typeorm-unit-of-work';
import { RequestTargets } from '../application/request-targets';
import { RequestedDocument, RequestRecipient } from '../domain/request-targets';

/**
 * Reads the people and documents tables, always scoped to the organization. Plain SQL rather than the other
 * modules' records: this module depends on the schema, not on their code.
 */
@Injectable()
export class TypeormRequestTargets extends RequestTargets {
  constructor(@InjectDataSource() private readonly db: DataSource) {
    super();
  }

  async findRecipient(organizationId: string, personId: string): Promise<RequestRecipient | null> {
    const rows: { id: string; full_name: string; email: string; archived: boolean }[] = await activeManager(
      this.db,
    ).query(
      `SELECT id, full_name, email, archived_at IS NOT NULL AS archived
         FROM people WHERE id = $1 AND organization_id = $2`,
      [personId, organizationId],
    );
    const [row] = rows;
    return row ? { id: row.id, name: row.full_name, email: row.email, archived: row.archived } : null;
  }

  async findDocument(organizationId: string, documentId: string): Promise<RequestedDocument | null> {
    const rows: {
      id: string;
      name: string;
      requires_signature: boolean;
      archived: boolean;
      latest_revision_id: string | null;
    }[] = await activeManager(this.db).query(
      `SELECT id, name, requires_signature, archived_at IS NOT NULL AS archived, latest_revision_id
         FROM documents WHERE id = $1 AND organization_id = $2`,
      [documentId, organizationId],
    );
    const [row] = rows;
    if (!row) return null;
    return new RequestedDocument(row.id, row.name, row.requires_signature, row.archived, row.latest_revision_id);
  }
}
