import { Injectable } from '@nestjs/common';
import { maintainedCountsOf } from '../../database/attestation-counts.sql';
import { readRows } from '../../database/typeorm-unit-of-work';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Page, PageRequest } from '@lib/http';
import type { Statement } from '../../database/list-totals';
import {
  DocumentListingRepository,
  DocumentsFilter,
  PublishedRevisionSummary,
} from '../application/document-listing.repository';
import type { AttestationType } from '../domain/document';
import { Document } from '../domain/document';
import type { DocumentListing } from '../domain/document-listing';
import {
  documentListingStatement,
  DocumentListingRow,
  fetchDocumentsPage,
  groupDocumentsStatement,
} from './documents-list.sql';

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

  async find(documentId: string, now: Date, organizationId?: string): Promise<DocumentListing | null> {
    const [row] = (await this.run(documentListingStatement(documentId, now))) as unknown as DocumentListingRow[];
    if (!row || (organizationId !== undefined && row.organization_id !== organizationId)) return null;
    return toListing(row);
  }

  async revisionPage(
    organizationId: string,
    documentId: string,
    request: PageRequest,
  ): Promise<Page<PublishedRevisionSummary>> {
    const where = `document_id = $1 AND organization_id = $2 AND published_at IS NOT NULL`;
    const [{ total }] = (await this.run({
      text: `SELECT count(*)::int AS total FROM document_revisions WHERE ${where}`,
      values: [documentId, organizationId],
    })) as { total: number }[];
    if (request.offset >= total) return { items: [], total };
    // Never the content: a page of 100 revisions of 500,000 characters would be 50 MB read for nothing.
    const rows = (await this.run({
      text: `SELECT id, published_at, content_sha256 FROM document_revisions WHERE ${where}
              ORDER BY published_at DESC, id DESC OFFSET $3 LIMIT $4`,
      values: [documentId, organizationId, request.offset, request.perPage],
    })) as { id: string; published_at: Date; content_sha256: string }[];
    return {
      items: rows.map((row) => ({ id: row.id, publishedAt: row.published_at, contentSha256: row.content_sha256 })),
      total,
    };
  }

  async groupPage(
    organizationId: string,
    groupId: string,
    request: PageRequest,
    now: Date,
  ): Promise<Page<DocumentListing> | null> {
    // No row when the group is not the organization's: the page's read is also the group's check.
    const [counted] = (await this.run({
      text: `SELECT (SELECT count(*)::int FROM group_documents grouped
                       JOIN documents d ON d.id = grouped.document_id AND d.organization_id = grp.organization_id
                      WHERE grouped.group_id = grp.id) AS total
               FROM groups grp WHERE grp.id = $1 AND grp.organization_id = $2`,
      values: [groupId, organizationId],
    })) as { total: number }[];
    if (!counted) return null;
    const { total } = counted;
    if (request.offset >= total) return { items: [], total };
    const rows = (await this.run(
      groupDocumentsStatement(organizationId, groupId, request.offset, request.perPage, now),
    )) as unknown as DocumentListingRow[];
    return { items: rows.map(toListing), total };
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
    attestationCounts: maintainedCountsOf(row),
  };
}
