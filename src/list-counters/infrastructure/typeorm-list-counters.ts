import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { activeManager } from '../../database/typeorm-unit-of-work';
import {
  MAINTAINED_COUNTS_COLUMNS,
  maintainedCountsJoin,
  recountAttestations,
} from '../../database/attestation-counts.sql';
import { ATTESTATION_BUCKETS, AttestationCounts } from '../../documents/domain/attestation-counts';
import { CounterCheck, CounterDiscrepancy, ListCounters } from '../application/list-counters';

const BUCKETS = ['latest', 'latest_open', 'due', 'due_open', 'pending', 'outdated', 'unrequested'];

/** The counters are PostgreSQL's (ListCounters migration); this adapter reads, recounts, repairs and settles them. */
@Injectable()
export class TypeormListCounters extends ListCounters {
  constructor(@InjectDataSource() private readonly db: DataSource) {
    super();
  }

  async check(organizationId: string | null, now: Date): Promise<CounterCheck> {
    // One snapshot for both sides, so concurrent writers cannot make them differ.
    return activeManager(this.db).transaction('REPEATABLE READ', async (runner) => {
      const totals: { organization_id: string; list: string; maintained: number; recounted: number }[] =
        await runner.query(
          `WITH recounted AS (
             SELECT organization_id, CASE WHEN archived_at IS NULL THEN 'people_active' ELSE 'people_archived' END AS list
             FROM people WHERE $1::varchar IS NULL OR organization_id = $1
             UNION ALL
             SELECT organization_id, CASE WHEN archived_at IS NULL THEN 'documents_active' ELSE 'documents_archived' END
             FROM documents WHERE $1::varchar IS NULL OR organization_id = $1
             UNION ALL
             SELECT organization_id, 'groups' FROM groups WHERE $1::varchar IS NULL OR organization_id = $1
           ), r AS (SELECT organization_id, list, count(*)::int AS n FROM recounted GROUP BY 1, 2),
           m AS (SELECT organization_id, list, sum(total)::int AS n FROM list_totals
                 WHERE $1::varchar IS NULL OR organization_id = $1 GROUP BY 1, 2)
           SELECT coalesce(r.organization_id, m.organization_id) AS organization_id, coalesce(r.list, m.list) AS list,
                  coalesce(m.n, 0) AS maintained, coalesce(r.n, 0) AS recounted
           FROM r FULL JOIN m ON m.organization_id = r.organization_id AND m.list = r.list`,
          [organizationId],
        );
      const maintained: (AttestationCounts & { document_id: string; organization_id: string })[] = await runner.query(
        `SELECT d.id AS document_id, d.organization_id, ${MAINTAINED_COUNTS_COLUMNS}
         FROM documents d ${maintainedCountsJoin('$2')}
         WHERE $1::varchar IS NULL OR d.organization_id = $1`,
        [organizationId, now],
      );
      const recounted = await recountAttestations(
        runner,
        maintained.map((row) => row.document_id),
        now,
      );
      const discrepancies: CounterDiscrepancy[] = totals
        .filter((row) => row.maintained !== row.recounted)
        .map((row) => ({
          kind: 'list_total',
          organizationId: row.organization_id,
          list: row.list,
          maintained: row.maintained,
          recounted: row.recounted,
        }));
      for (const { document_id: documentId, organization_id: organization, ...counts } of maintained) {
        const expected = recounted.get(documentId)!;
        const keys = [...ATTESTATION_BUCKETS, 'total'] as const;
        if (keys.some((key) => counts[key] !== expected[key])) {
          discrepancies.push({
            kind: 'attestation_counts',
            organizationId: organization,
            documentId,
            maintained: pick(counts),
            recounted: expected,
          });
        }
      }
      return { listTotals: totals.length, documents: maintained.length, discrepancies };
    });
  }

  async repair(organizationId: string | null, now: Date): Promise<number> {
    // One statement: the function runs, and locks, inside its own transaction (or the unit of work's).
    const [{ fixed }] = await activeManager(this.db).query(`SELECT repair_list_counters($1, $2) AS fixed`, [
      organizationId,
      now,
    ]);
    return fixed as number;
  }

  async settle(now: Date): Promise<{ fellDue: number; folded: number }> {
    const fell: unknown[] = await activeManager(this.db).query(
      `UPDATE attestation_standings SET bucket = CASE bucket WHEN 'latest' THEN 'due' ELSE 'due_open' END
       WHERE bucket IN ('latest', 'latest_open') AND due_at IS NOT NULL AND due_at < $1
       RETURNING 1`,
      [now],
    );
    // One row per document and revision (null outside the buckets of a revision); a revision's rows that add up
    // to nothing are dropped.
    const folded: unknown[] = await activeManager(this.db).query(
      `WITH crowded AS (
         SELECT document_id, revision_id FROM attestation_count_deltas GROUP BY document_id, revision_id
         HAVING count(*) > 1 OR ${BUCKETS.map((bucket) => `sum(${bucket}) = 0`).join(' AND ')}
       ), gone AS (
         DELETE FROM attestation_count_deltas k USING crowded c
         WHERE k.document_id = c.document_id AND k.revision_id IS NOT DISTINCT FROM c.revision_id
         RETURNING k.*
       )
       INSERT INTO attestation_count_deltas (document_id, revision_id, ${BUCKETS.join(', ')})
       SELECT document_id, revision_id, ${BUCKETS.map((bucket) => `sum(${bucket})`).join(', ')}
       FROM gone GROUP BY document_id, revision_id
       HAVING ${BUCKETS.map((bucket) => `sum(${bucket}) <> 0`).join(' OR ')}
       RETURNING 1`,
    );
    return { fellDue: fell.length, folded: folded.length };
  }
}

function pick(counts: AttestationCounts): AttestationCounts {
  return {
    attested_latest: counts.attested_latest,
    pending_attested: counts.pending_attested,
    renewal_due: counts.renewal_due,
    attested_outdated: counts.attested_outdated,
    unrequested: counts.unrequested,
    total: counts.total,
  };
}
