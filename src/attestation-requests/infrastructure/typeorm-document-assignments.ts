import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { activeManager } from '../../database/typeorm-unit-of-work';
import { DocumentAssignments } from '../application/document-assignments';

@Injectable()
export class TypeormDocumentAssignments extends DocumentAssignments {
  constructor(@InjectDataSource() private readonly db: DataSource) {
    super();
  }

  async assign(input: { organizationId: string; documentId: string; personId: string; now: Date }): Promise<void> {
    await activeManager(this.db).query(
      `INSERT INTO document_assignments (document_id, person_id, organization_id, group_id, created_at)
       VALUES ($1, $2, $3, NULL, $4)
       ON CONFLICT (document_id, person_id) DO NOTHING`,
      [input.documentId, input.personId, input.organizationId, input.now],
    );
  }
}
