import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { activeManager } from '../../database/typeorm-unit-of-work';
import { MAINTAINED_COUNTS_COLUMNS, maintainedCountsJoin } from '../../database/attestation-counts.sql';
import { ATTESTATION_BUCKETS, AttestationCounts } from '../../documents/domain/attestation-counts';
import { STORED_BUCKETS } from '../application/stored-buckets';
import { recountAttestations } from './attestation-recount.sql';
import { CounterCheck, CounterDiscrepancy, ListCounters, SettleOutcome } from '../application/list-counters';

/** The current people version of the organization of the row aliased `alias` (PeopleListVersions migration). */
const versionOf = (alias: string) =>
  `coalesce((SELECT sum(v.version) FROM people_versions v WHERE v.organization_id = ${alias}.organization_id), 0)`;

/** A stored filter count (`f`) recounted: its key holds the state and the patterns the list matched with. */
const FILTER_RECOUNT = `(
  SELECT count(*)::int FROM people p
  WHERE p.organization_id = f.organization_id AND (p.archived_at IS NOT NULL) = (f.filter->>'archived')::boolean
    AND (f.filter->>'name' IS NULL OR p.full_name ILIKE f.filter->>'name')
    AND (f.filter->>'email' IS NULL OR p.email ILIKE f.filter->>'email')
    AND (f.filter->>'phone' IS NULL OR p.phone LIKE f.filter->>'phone'))`;

/** The request list's version of the organization of the row aliased `alias` (RequestPageMarks migration). */
const requestVersionOf = (alias: string) =>
  `coalesce((SELECT sum(t.changes) FROM attestation_request_tallies t WHERE t.organization_id = ${alias}.organization_id), 0)`;

/**
 * The page marks of the current versions ($1: one organization, or null for all), each with its position
 * recounted: its row's position in its list from one ranking of the marked organizations' lists (null when the row
 * is not in that list). `people` and `requests` name the two kinds of marks.
 */
const MARKS_RECOUNTED = {
  people: `
    WITH marks AS (
      SELECT m.* FROM people_page_marks m
      WHERE ($1::varchar IS NULL OR m.organization_id = $1) AND m.version = ${versionOf('m')}
    ), ranked AS (
      SELECT p.id, p.created_at, p.archived_at IS NOT NULL AS archived,
             (row_number() OVER (PARTITION BY p.organization_id, p.archived_at IS NOT NULL
                                 ORDER BY p.created_at, p.id) - 1)::int AS position
      FROM people p WHERE p.organization_id IN (SELECT organization_id FROM marks)
    )
    SELECT m.organization_id, m.archived, m.version, m.position AS maintained, m.id, r.position AS recounted
    FROM marks m LEFT JOIN ranked r ON r.id = m.id AND r.archived = m.archived AND r.created_at = m.created_at`,
  requests: `
    WITH marks AS (
      SELECT m.* FROM attestation_request_page_marks m
      WHERE ($1::varchar IS NULL OR m.organization_id = $1) AND m.version = ${requestVersionOf('m')}
    ), ranked AS (
      SELECT r.id, r.created_at,
             (row_number() OVER (PARTITION BY r.organization_id ORDER BY r.created_at, r.id) - 1)::int AS position
      FROM attestation_requests r WHERE r.organization_id IN (SELECT organization_id FROM marks)
    )
    SELECT m.organization_id, m.version, m.position AS maintained, m.id, r.position AS recounted
    FROM marks m LEFT JOIN ranked r ON r.id = m.id AND r.created_at = m.created_at`,
};

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
      const members: { organization_id: string; group_id: string; maintained: number; recounted: number }[] =
        await runner.query(
          `SELECT g.organization_id, g.id AS group_id,
                  coalesce((SELECT sum(t.total) FROM group_member_totals t WHERE t.group_id = g.id), 0)::int AS maintained,
                  (SELECT count(*) FROM group_memberships m WHERE m.group_id = g.id)::int AS recounted
           FROM groups g WHERE $1::varchar IS NULL OR g.organization_id = $1`,
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
      const discrepancies: CounterDiscrepancy[] = [
        ...mismatches(totals, (row) => ({ kind: 'list_total', list: row.list, ...counted(row) })),
        ...mismatches(members, (row) => ({ kind: 'group_member_total', groupId: row.group_id, ...counted(row) })),
      ];
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
      // The people lists' stored counts and marks: those of older versions are never read again (the settling pass
      // drops them); those of the current version must be what a recount in this snapshot finds.
      const filterCounts: { organization_id: string; filter: unknown; maintained: number; recounted: number }[] =
        await runner.query(
          `SELECT f.organization_id, f.filter, f.total AS maintained, ${FILTER_RECOUNT} AS recounted
           FROM people_filter_counts f
           WHERE ($1::varchar IS NULL OR f.organization_id = $1) AND f.version = ${versionOf('f')}`,
          [organizationId],
        );
      discrepancies.push(
        ...mismatches(filterCounts, (row) => ({ kind: 'people_filter_count', filter: row.filter, ...counted(row) })),
      );
      const marks: {
        organization_id: string;
        archived?: boolean;
        id: string;
        maintained: number;
        recounted: number | null;
      }[] = [
        ...(await runner.query(MARKS_RECOUNTED.people, [organizationId])),
        ...(await runner.query(MARKS_RECOUNTED.requests, [organizationId])),
      ];
      discrepancies.push(
        ...mismatches(
          marks,
          (row) =>
            ({
              kind: row.archived === undefined ? 'request_page_mark' : 'people_page_mark',
              ...(row.archived !== undefined && { archived: row.archived }),
              id: row.id,
              ...counted(row),
            }) as CounterDiscrepancy,
        ),
      );
      return {
        listTotals: totals.length,
        groupMemberTotals: members.length,
        documents: maintained.length,
        peopleCounts: filterCounts.length,
        pageMarks: marks.length,
        discrepancies,
      };
    });
  }

  async repair(organizationId: string | null, now: Date): Promise<number> {
    // One statement: the function runs, and locks, inside its own transaction (or the unit of work's).
    const [{ fixed }] = await activeManager(this.db).query(`SELECT repair_list_counters($1, $2) AS fixed`, [
      organizationId,
      now,
    ]);
    const [{ members }] = await activeManager(this.db).query(`SELECT repair_group_member_totals($1) AS members`, [
      organizationId,
    ]);
    // Stored people counts and marks that differ from a recount (or of older versions) are dropped: the next read
    // that needs one counts, or marks, again.
    const counts: unknown[] = await activeManager(this.db).query(
      `DELETE FROM people_filter_counts f
       WHERE ($1::varchar IS NULL OR f.organization_id = $1)
         AND (f.version < ${versionOf('f')} OR f.total IS DISTINCT FROM ${FILTER_RECOUNT})
       RETURNING 1`,
      [organizationId],
    );
    const marks: unknown[] = await activeManager(this.db).query(
      `WITH people_marks AS (${MARKS_RECOUNTED.people}), request_marks AS (${MARKS_RECOUNTED.requests}),
       stale_people AS (
         DELETE FROM people_page_marks m
         WHERE ($1::varchar IS NULL OR m.organization_id = $1)
           AND (m.version < ${versionOf('m')} OR EXISTS (
             SELECT 1 FROM people_marks w WHERE w.organization_id = m.organization_id AND w.archived = m.archived
               AND w.version = m.version AND w.maintained = m.position AND w.recounted IS DISTINCT FROM w.maintained))
         RETURNING 1),
       stale_requests AS (
         DELETE FROM attestation_request_page_marks m
         WHERE ($1::varchar IS NULL OR m.organization_id = $1)
           AND (m.version < ${requestVersionOf('m')} OR EXISTS (
             SELECT 1 FROM request_marks w WHERE w.organization_id = m.organization_id
               AND w.version = m.version AND w.maintained = m.position AND w.recounted IS DISTINCT FROM w.maintained))
         RETURNING 1)
       SELECT 1 FROM stale_people UNION ALL SELECT 1 FROM stale_requests`,
      [organizationId],
    );
    return (fixed as number) + (members as number) + counts.length + marks.length;
  }

  async settle(now: Date): Promise<SettleOutcome> {
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
         HAVING count(*) > 1 OR ${STORED_BUCKETS.map((bucket) => `sum(${bucket}) = 0`).join(' AND ')}
       ), gone AS (
         DELETE FROM attestation_count_deltas k USING crowded c
         WHERE k.document_id = c.document_id AND k.revision_id IS NOT DISTINCT FROM c.revision_id
         RETURNING k.*
       )
       INSERT INTO attestation_count_deltas (document_id, revision_id, ${STORED_BUCKETS.join(', ')})
       SELECT document_id, revision_id, ${STORED_BUCKETS.map((bucket) => `sum(${bucket})`).join(', ')}
       FROM gone GROUP BY document_id, revision_id
       HAVING ${STORED_BUCKETS.map((bucket) => `sum(${bucket}) <> 0`).join(' OR ')}
       RETURNING 1`,
    );
    // Versions only grow, so a row older than the version this statement sees is never read again.
    const stale: unknown[] = await activeManager(this.db).query(
      `WITH counts AS (DELETE FROM people_filter_counts f WHERE f.version < ${versionOf('f')} RETURNING 1),
            marks AS (DELETE FROM people_page_marks m WHERE m.version < ${versionOf('m')} RETURNING 1),
            request_marks AS (
              DELETE FROM attestation_request_page_marks m WHERE m.version < ${requestVersionOf('m')} RETURNING 1)
       SELECT 1 FROM counts UNION ALL SELECT 1 FROM marks UNION ALL SELECT 1 FROM request_marks`,
    );
    return { fellDue: fell.length, folded: folded.length, pruned: stale.length };
  }
}

/** A stored figure and what a recount finds, as a counters query answers them. */
interface CountedRow<Recounted = number> {
  organization_id: string;
  maintained: number;
  recounted: Recounted;
}

/** The rows whose stored figure differs from the recount, each described as a discrepancy. */
function mismatches<Row extends CountedRow<number | null>>(
  rows: readonly Row[],
  describe: (row: Row) => CounterDiscrepancy,
): CounterDiscrepancy[] {
  return rows.filter((row) => row.maintained !== row.recounted).map(describe);
}

/** What every discrepancy of a counted row says: whose it is, the stored figure and the recount. */
function counted<Recounted>({ organization_id, maintained, recounted }: CountedRow<Recounted>) {
  return { organizationId: organization_id, maintained, recounted };
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
