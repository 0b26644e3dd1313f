import { Injectable } from '@nestjs/common';
import { readRows } from '../../database/typeorm-unit-of-work';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Page, PageRequest } from '@lib/http';
import type { Statement } from '../../database/list-totals';
import { DocumentListingRepository, DocumentsFilter } from '../application/document-listing.repository';
import type { AttestationType } from '../domain/document';
import { Document } from '../domain/document';
import type { DocumentListing } from '../domain/document-listing';
import { documentListingStatement, DocumentListingRow, fetchDocumentsPage } from './documents-list.sql';

/**
 * Two statements per page whatever its size: the total (a maintained counter), and the page's rows joined with
 * their latest revision and their maintained attestation counts.
 */
@Injectable()
export class TypeormDocumentListingRepository extends DocumentListingRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {
    super();
  }

  private readonly run = (statement: Statement) => readRows(this.db, statement.text, statement.values);

  async page(
    organizationId: string,
    filter: DocumentsFilter,
    request: PageRequest,
    now: Date,
  ): Promise<Page<DocumentListing>> {
    const { rows, total } = await fetchDocumentsPage(
      this.run,
      organizationId,
      filter,
      request.offset,
      request.perPage,
      now,
    );
    return { items: rows.map(toListing), total };
  }

  async find(documentId: string, now: Date): Promise<DocumentListing | null> {
    const [row] = (await this.run(documentListingStatement(documentId, now))) as unknown as DocumentListingRow[];
    return row ? toListing(row) : null;
  }
}

function toListing(row: DocumentListingRow): DocumentListing {
  return {
    document: Document.restore({
      id: row.id,
      organizationId: row.organization_id,
      name: row.name,
      defaultAttestationType: row.default_attestation_type as AttestationType,
      requiresSignature: row.requires_signature,
      renewalIntervalDays: row.renewal_interval_days,
      autoRenew: row.auto_renew,
      latestRevisionId: row.latest_revision_id,
      archivedAt: row.archived_at,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    }),
    lastUpdatedAt: row.last_updated_at,
    attestationCounts: {
      attested_latest: row.attested_latest,
      pending_attested: row.pending_attested,
      renewal_due: row.renewal_due,
      attested_outdated: row.attested_outdated,
      unrequested: row.unrequested,
      total: row.total,
    },
  };
}
