import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, SelectQueryBuilder } from 'typeorm';
import { Page, PageRequest } from '@lib/http';
import { fetchPage } from '@lib/persistence';
import { activeManager } from '../../database/typeorm-unit-of-work';
import { AttestationRequestListing, AttestationRequestsFilter } from '../application/attestation-request-listing';
import type { AttestationRequest } from '../domain/attestation-request';
import type { Statement } from '../../database/list-totals';
import { attestationRequestMapper } from './attestation-request.mapper';
import { REQUEST_PAGE_MARK_STRIDE, requestIdsFromMark } from './request-page-marks.sql';
import { AttestationRequestRecord } from './attestation-request.record';

/**
 * Two or three statements per page: the total, the page's ids in order (an index-only walk of
 * attestation_requests_listing or attestation_requests_document_listing, or the short updated_at range of
 * attestation_requests_updated), and those rows. A total over status and source alone is read from
 * attestation_request_tallies (kept by triggers, see migration 1764300000000) rather than counted. An unfiltered
 * deep page walks from the nearest stored mark (request-page-marks.sql.ts) rather than from the start.
 */
@Injectable()
export class TypeormAttestationRequestListing extends AttestationRequestListing {
  constructor(@InjectDataSource() private readonly db: DataSource) {
    super();
  }

  private readonly run = (statement: Statement) => activeManager(this.db).query(statement.text, statement.values);

  page(
    organizationId: string,
    filter: AttestationRequestsFilter,
    request: PageRequest,
  ): Promise<Page<AttestationRequest>> {
    let total = 0;
    return fetchPage(
      request,
      async () => (total = await this.total(organizationId, filter)),
      async (offset, limit) => {
        const unfiltered = Object.values(filter).every((value) => value === undefined);
        const ids =
          unfiltered && offset >= REQUEST_PAGE_MARK_STRIDE
            ? (await requestIdsFromMark(this.run, organizationId, offset, limit, total)).map((id) => ({ id }))
            : await this.matching(organizationId, filter)
                .select('request.id', 'id')
                .orderBy('request.created_at', 'ASC')
                .addOrderBy('request.id', 'ASC')
                .offset(offset)
                .limit(limit)
                .getRawMany<{ id: string }>();
        if (ids.length === 0) return [];
        const records = await activeManager(this.db).findBy(AttestationRequestRecord, {
          id: In(ids.map((row) => row.id)),
        });
        const byId = new Map(records.map((record) => [record.id, record]));
        return ids.flatMap(({ id }) => {
          const record = byId.get(id);
          return record ? [attestationRequestMapper.toDomain(record)] : [];
        });
      },
    );
  }

  private async total(organizationId: string, filter: AttestationRequestsFilter): Promise<number> {
    if (filter.personId === undefined && filter.documentId === undefined && filter.updatedSince === undefined) {
      const conditions = ['organization_id = $1'];
      const parameters: unknown[] = [organizationId];
      if (filter.statuses) conditions.push(`status = ANY($${parameters.push([...filter.statuses])})`);
      if (filter.sources) conditions.push(`source = ANY($${parameters.push([...filter.sources])})`);
      const [row]: { total: number }[] = await activeManager(this.db).query(
        `SELECT coalesce(sum(requests), 0)::int AS total FROM attestation_request_tallies
          WHERE ${conditions.join(' AND ')}`,
        parameters,
      );
      return row.total;
    }
    // count(*), not TypeORM's getCount(): its COUNT(DISTINCT id) would sort every matching row.
    const row = await this.matching(organizationId, filter)
      .select('COUNT(*)::int', 'total')
      .getRawOne<{ total: number }>();
    return row?.total ?? 0;
  }

  /** Organization first, so no filter can reach another organization's rows. */
  private matching(
    organizationId: string,
    filter: AttestationRequestsFilter,
  ): SelectQueryBuilder<AttestationRequestRecord> {
    const query = activeManager(this.db)
      .createQueryBuilder(AttestationRequestRecord, 'request')
      .where('request.organization_id = :organizationId', { organizationId });
    if (filter.personId !== undefined) query.andWhere('request.person_id = :personId', { personId: filter.personId });
    if (filter.documentId !== undefined) {
      query.andWhere('request.document_id = :documentId', { documentId: filter.documentId });
    }
    if (filter.statuses) query.andWhere('request.status IN (:...statuses)', { statuses: filter.statuses });
    if (filter.sources) query.andWhere('request.source IN (:...sources)', { sources: filter.sources });
    if (filter.updatedSince) {
      query.andWhere('request.updated_at >= :updatedSince', { updatedSince: filter.updatedSince });
    }
    return query;
  }
}
