import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, SelectQueryBuilder } from 'typeorm';
import { activeManager } from '../../database/typeorm-unit-of-work';
import { containsPattern, fetchPage, Page, PageRequest } from '@lib/common';
import { DocumentListingRepository, DocumentsFilter } from '../application/document-listing.repository';
import type { DocumentListing } from '../domain/document-listing';
import { countAttestations } from './attestation-counts.query';
import { documentMapper } from './document.mapper';
import { DocumentRevisionRecord } from './document-revision.record';
import { DocumentRecord } from './document.record';

/** Three statements per page whatever its size: the count, the page's rows, and their attestation counts. */
@Injectable()
export class TypeormDocumentListingRepository extends DocumentListingRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {
    super();
  }

  page(
    organizationId: string,
    filter: DocumentsFilter,
    request: PageRequest,
    now: Date,
  ): Promise<Page<DocumentListing>> {
    return fetchPage(
      request,
      async () =>
        (await this.matching(organizationId, filter).select('COUNT(*)::int', 'total').getRawOne<{ total: number }>())
          ?.total ?? 0,
      (offset, limit) =>
        this.listings(
          this.withLatestRevision(this.matching(organizationId, filter))
            .orderBy('document.name', 'ASC')
            .addOrderBy('document.id', 'ASC')
            .offset(offset)
            .limit(limit),
          now,
        ),
    );
  }

  async find(documentId: string, now: Date): Promise<DocumentListing | null> {
    const query = this.withLatestRevision(
      activeManager(this.db)
        .getRepository(DocumentRecord)
        .createQueryBuilder('document')
        .where('document.id = :documentId', { documentId }),
    );
    const [listing] = await this.listings(query, now);
    return listing ?? null;
  }

  private matching(organizationId: string, filter: DocumentsFilter): SelectQueryBuilder<DocumentRecord> {
    const query = activeManager(this.db)
      .getRepository(DocumentRecord)
      .createQueryBuilder('document')
      .where('document.organization_id = :organizationId', { organizationId })
      .andWhere(filter.archived ? 'document.archived_at IS NOT NULL' : 'document.archived_at IS NULL');
    if (filter.name !== undefined) query.andWhere('document.name ILIKE :name', { name: containsPattern(filter.name) });
    return query;
  }

  private withLatestRevision(query: SelectQueryBuilder<DocumentRecord>): SelectQueryBuilder<DocumentRecord> {
    return query
      .leftJoin(DocumentRevisionRecord, 'latest', 'latest.id = document.latest_revision_id')
      .addSelect('latest.published_at', 'last_updated_at');
  }

  private async listings(query: SelectQueryBuilder<DocumentRecord>, now: Date): Promise<DocumentListing[]> {
    const { entities, raw } = await query.getRawAndEntities<{ document_id: string; last_updated_at: Date | null }>();
    const lastUpdatedAt = new Map(raw.map((row) => [row.document_id, row.last_updated_at]));
    const counts = await countAttestations(
      activeManager(this.db),
      entities.map((record) => record.id),
      now,
    );
    return entities.map((record) => ({
      document: documentMapper.toDomain(record),
      lastUpdatedAt: lastUpdatedAt.get(record.id) ?? null,
      attestationCounts: counts.get(record.id)!,
    }));
  }
}
