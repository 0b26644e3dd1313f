import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, MoreThan } from 'typeorm';
import { saveSnapshot } from '@lib/persistence';
import { activeManager } from '../../database/typeorm-unit-of-work';
import { BulkActionRepository, LatestRequest, SkipReason } from '../application/bulk-action.repository';
import { BulkAction, TargetOutcome } from '../domain/bulk-action';
import { BulkActionRecord } from './bulk-action.record';

const toDomain = (record: BulkActionRecord | null): BulkAction | null =>
  record ? BulkAction.restore({ ...record }) : null;

/** Targets are written in chunks of this many ids per statement. */
const INSERT_CHUNK = 10_000;

@Injectable()
export class TypeormBulkActionRepository extends BulkActionRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {
    super();
  }

  private get records() {
    return activeManager(this.db).getRepository(BulkActionRecord);
  }

  async findRepeat(organizationId: string, targetKey: string, since: Date): Promise<BulkAction | null> {
    return toDomain(
      await this.records.findOne({
        where: { organizationId, targetKey, createdAt: MoreThan(since) },
        order: { createdAt: 'DESC' },
      }),
    );
  }

  async lockKey(organizationId: string, targetKey: string): Promise<void> {
    await activeManager(this.db).query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
      `bulk_action:${organizationId}:${targetKey}`,
    ]);
  }

  async add(action: BulkAction, personIds: readonly string[]): Promise<void> {
    await saveSnapshot(activeManager(this.db), BulkActionRecord, action);
    for (let start = 0; start < personIds.length; start += INSERT_CHUNK) {
      await activeManager(this.db).query(
        `INSERT INTO bulk_action_targets (bulk_action_id, person_id)
         SELECT $1, p FROM unnest($2::ulid[]) p ON CONFLICT DO NOTHING`,
        [action.id, personIds.slice(start, start + INSERT_CHUNK)],
      );
    }
  }

  async find(organizationId: string, id: string): Promise<BulkAction | null> {
    return toDomain(await this.records.findOneBy({ organizationId, id }));
  }

  async recent(organizationId: string, documentId: string, limit: number): Promise<BulkAction[]> {
    const records = await this.records.find({
      where: { organizationId, documentId },
      order: { createdAt: 'DESC' },
      take: limit,
    });
    return records.map((record) => BulkAction.restore({ ...record }));
  }

  async skipReasons(organizationId: string, id: string): Promise<SkipReason[]> {
    const rows: { reason: string; count: number }[] = await activeManager(this.db).query(
      `SELECT t.reason, count(*)::int AS count
       FROM bulk_action_targets t JOIN bulk_actions a ON a.id = t.bulk_action_id
       WHERE a.id = $1 AND a.organization_id = $2 AND t.outcome = 'skipped'
       GROUP BY t.reason ORDER BY count DESC, t.reason`,
      [id, organizationId],
    );
    return rows;
  }

  async lockForRun(id: string): Promise<BulkAction | null> {
    const record = await this.records
      .createQueryBuilder('a')
      .setLock('pessimistic_write')
      .where(`a.id = :id AND a.status <> 'finished'`, { id })
      .getOne();
    return toDomain(record);
  }

  async pendingTargets(actionId: string, limit: number): Promise<string[]> {
    const rows: { person_id: string }[] = await activeManager(this.db).query(
      `SELECT person_id FROM bulk_action_targets
       WHERE bulk_action_id = $1 AND outcome IS NULL ORDER BY person_id LIMIT $2`,
      [actionId, limit],
    );
    return rows.map((row) => row.person_id);
  }

  async latestRequests(
    organizationId: string,
    documentId: string,
    personIds: readonly string[],
  ): Promise<Map<string, LatestRequest>> {
    const rows: (LatestRequest & { person_id: string })[] = await activeManager(this.db).query(
      `SELECT DISTINCT ON (r.person_id) r.person_id, r.id, r.status, r.document_revision_id AS "revisionId"
         FROM attestation_requests r
        WHERE r.organization_id = $1 AND r.document_id = $2 AND r.person_id = ANY($3::ulid[])
        ORDER BY r.person_id, r.created_at DESC, r.id DESC`,
      [organizationId, documentId, [...personIds]],
    );
    return new Map(rows.map(({ person_id, ...latest }) => [person_id, latest]));
  }

  async recordOutcomes(actionId: string, outcomes: readonly TargetOutcome[]): Promise<number> {
    const manager = activeManager(this.db);
    if (outcomes.length > 0) {
      await manager.query(
        `UPDATE bulk_action_targets t SET outcome = o.outcome, reason = o.reason
         FROM unnest($2::ulid[], $3::varchar[], $4::varchar[]) AS o (person_id, outcome, reason)
         WHERE t.bulk_action_id = $1 AND t.person_id = o.person_id`,
        [actionId, outcomes.map((o) => o.personId), outcomes.map((o) => o.outcome), outcomes.map((o) => o.reason)],
      );
    }
    const [{ left }]: { left: number }[] = await manager.query(
      `SELECT count(*)::int AS left FROM bulk_action_targets WHERE bulk_action_id = $1 AND outcome IS NULL`,
      [actionId],
    );
    return left;
  }

  async save(action: BulkAction): Promise<void> {
    await saveSnapshot(activeManager(this.db), BulkActionRecord, action);
  }

  async findRelayable(input: { unrelayedBefore: Date; staleBefore: Date; limit: number }): Promise<string[]> {
    const rows: { id: string }[] = await activeManager(this.db).query(
      `SELECT id FROM bulk_actions
       WHERE status <> 'finished'
         AND ((relayed_at IS NULL AND created_at < $1) OR (relayed_at IS NOT NULL AND relayed_at < $2))
       ORDER BY created_at LIMIT $3`,
      [input.unrelayedBefore, input.staleBefore, input.limit],
    );
    return rows.map((row) => row.id);
  }

  async markRelayed(ids: readonly string[], now: Date): Promise<void> {
    if (ids.length === 0) return;
    // An action a worker is running is locked by its batch: it needs no mark and must not make the relay wait.
    await activeManager(this.db).query(
      `UPDATE bulk_actions SET relayed_at = $2
        WHERE id IN (SELECT id FROM bulk_actions WHERE id = ANY($1::ulid[]) FOR UPDATE SKIP LOCKED)`,
      [[...ids], now],
    );
  }
}
