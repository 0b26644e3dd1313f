import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { RowStreams } from '../../database/row-streams';
import { maintainedCountsOf } from '../../database/attestation-counts.sql';
import { SharedRead } from '@lib/core';
import { inTransaction, readRows } from '../../database/typeorm-unit-of-work';
import type { AttestationBucket } from '../../documents/domain/attestation-counts';
import { overviewOf } from '../application/overview';
import type { ComplianceOverview, KeysetPage, PersonStanding, StandingsFilter } from '../application/standings';
import { StandingsReadModel } from '../application/standings-read-model';
import type { ViewerScope } from '../application/viewer-scope';
import { managedOverview, organizationOverview, OverviewRow } from './overview.sql';
import { groupInScope, SqlParams } from './scope.sql';
import { StandingRow, standingsStatement } from './standings.sql';

/** The organization's groups' names by id: read once per page or export, a person's groups named from it. */
type GroupNames = Map<string, string>;

const toStanding = (names: GroupNames, row: StandingRow): PersonStanding => ({
  personId: row.person_id,
  name: row.full_name,
  email: row.email,
  groups: row.group_ids
    .map((id) => names.get(id))
    .filter((name): name is string => name !== undefined)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
  bucket: row.bucket as AttestationBucket,
  requestedAt: row.requested_at,
  lastRemindedAt: row.last_reminded_at,
  attestedAt: row.attested_at,
  revisionId: row.revision_id,
});

@Injectable()
export class TypeormStandingsReadModel extends StandingsReadModel {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly streams: RowStreams,
  ) {
    super();
  }

  private readonly sharedOverviews = new SharedRead<ComplianceOverview>();

  /**
   * The overview is the same page for every session of a viewer: simultaneous sessions share one read that starts
   * after each of them asked (SharedRead), so 16 sessions cost about two reads, none answered older than its call.
   * Inside a transaction the caller's own snapshot is read instead.
   */
  overview(scope: ViewerScope, now: Date, documentId?: string): Promise<ComplianceOverview> {
    if (inTransaction()) return this.readOverview(scope, now, documentId);
    const manager = scope.kind === 'organization' ? '' : scope.managerId;
    const key = `${scope.organizationId}:${manager}:${documentId ?? ''}`;
    return this.sharedOverviews.read(key, () => this.readOverview(scope, now, documentId));
  }

  private async readOverview(scope: ViewerScope, now: Date, documentId?: string): Promise<ComplianceOverview> {
    const statement =
      scope.kind === 'organization'
        ? organizationOverview(scope, now, documentId)
        : managedOverview(scope, now, documentId);
    const rows = await readRows<OverviewRow>(this.db, statement.text, statement.values);
    return overviewOf(
      rows.map((row) => ({
        documentId: row.document_id,
        name: row.name,
        counts: maintainedCountsOf(row),
        expiredOpen: row.expired_open,
      })),
    );
  }

  async hasDocument(scope: ViewerScope, documentId: string): Promise<boolean> {
    const rows = await readRows(this.db, `SELECT 1 FROM documents WHERE id = $1 AND organization_id = $2`, [
      documentId,
      scope.organizationId,
    ]);
    return rows.length > 0;
  }

  async hasGroup(scope: ViewerScope, groupId: string): Promise<boolean> {
    const params = new SqlParams();
    const text = `SELECT 1 FROM groups g WHERE g.id = ${params.add(groupId)}
                     AND g.organization_id = ${params.add(scope.organizationId)} AND ${groupInScope(scope, 'g.id', params)}`;
    return (await readRows(this.db, text, params.values)).length > 0;
  }

  async standingsPage(
    scope: ViewerScope,
    documentId: string,
    filter: StandingsFilter,
    page: { after: string | null; limit: number },
    now: Date,
  ): Promise<KeysetPage<PersonStanding>> {
    const statement = standingsStatement(scope, documentId, filter, now, page);
    const [rows, names] = await Promise.all([
      readRows<StandingRow>(this.db, statement.text, statement.values),
      this.groupNames(scope.organizationId),
    ]);
    const items = rows.slice(0, page.limit).map((row) => toStanding(names, row));
    return { items, next: rows.length > page.limit ? items[items.length - 1].personId : null };
  }

  async *standingsStream(
    scope: ViewerScope,
    documentId: string,
    filter: StandingsFilter,
    now: Date,
  ): AsyncIterable<PersonStanding> {
    const statement = standingsStatement(scope, documentId, filter, now, null);
    const names = await this.groupNames(scope.organizationId);
    for await (const row of this.streams.rows<StandingRow>(statement.text, statement.values)) {
      yield toStanding(names, row);
    }
  }

  private async groupNames(organizationId: string): Promise<GroupNames> {
    const rows = await readRows<{ id: string; name: string }>(
      this.db,
      `SELECT id, name FROM groups WHERE organization_id = $1`,
      [organizationId],
    );
    return new Map(rows.map((row) => [row.id, row.name]));
  }
}
