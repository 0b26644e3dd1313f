import { MigrationInterface, QueryRunner } from 'typeorm';
import { ListCounters1764900000000 } from './1764900000000-list-counters';

const OPEN = `('created', 'sent', 'viewed', 'bounced', 'failed', 'complained')`;
const BUCKETS = ['latest', 'latest_open', 'due', 'due_open', 'pending', 'outdated', 'unrequested'] as const;
/** The buckets that hold an attestation of a revision: they only mean it while that revision is the latest. */
const OF_A_REVISION = `('latest', 'latest_open', 'due', 'due_open')`;

/**
 * Cheaper counters for bulk writes, and publishing without per-person work (ListCounters1764900000000 for the
 * model).
 *
 * **Publishing.** A standing in one of the buckets that hold an attestation of the latest revision (`latest`,
 * `latest_open`, `due`, `due_open`) now names that revision (`revision_id`; null in the other buckets), and so do
 * the delta rows. A row whose revision is no longer the document's latest counts as what it became when the new
 * revision was published: `outdated` without an open request, `pending` with one (a brand-new revision has no
 * attestation yet). The read does that translation per document (a handful of delta rows), so publishing a revision
 * moves nothing: no standing and no delta is written. A latest revision changed to one that already has
 * attestations (nothing in the service does that) still recomputes every assignee.
 *
 * **Bulk writes.** Assigning pairs that have no standing yet inserts their computed standing directly (one write
 * per pair instead of an insert, a lock and an update); a new open request moves an existing standing by the one
 * rule an open request adds (`latest` → `latest_open`, `due` → `due_open`, `outdated`/`unrequested` → `pending`)
 * under the same row locks, instead of recomputing the pair from its requests. Everything else (status changes,
 * deletes, archives, renewal intervals, pairs seen for the first time by a request) recomputes as before.
 *
 * Why the direct insert is exact: every write that changes what decides a pair (its requests, its assignment, the
 * person, the document) ensures the pair's standing row exists within its own statement. So if the insert finds no
 * row (no conflict), no other transaction has changed the pair since our snapshot, or it will find our row, wait
 * for us and recompute after we commit; if the insert conflicts, the pair is recomputed under lock as before.
 */
export class StandingsByRevision1765200000000 implements MigrationInterface {
  name = 'StandingsByRevision1765200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE attestation_standings ADD COLUMN revision_id ulid`);
    await db.query(`ALTER TABLE attestation_count_deltas ADD COLUMN revision_id ulid`);
    await db.query(`DROP INDEX attestation_count_deltas_document`);
    await db.query(`CREATE INDEX attestation_count_deltas_document ON attestation_count_deltas (document_id)
                      INCLUDE (revision_id, ${BUCKETS.join(', ')})`);
    // A read adds the pairs fallen due since the last pass, of the latest revision only.
    await db.query(`DROP INDEX attestation_standings_falling_due`);
    await db.query(`
      CREATE INDEX attestation_standings_falling_due ON attestation_standings (document_id, due_at)
        INCLUDE (bucket, revision_id) WHERE bucket IN ('latest', 'latest_open') AND due_at IS NOT NULL`);

    // The deltas per document and revision (null outside the buckets of a revision).
    const sums = BUCKETS.map((bucket) => `sum(CASE WHEN bucket = '${bucket}' THEN delta ELSE 0 END)`);
    const deltasFrom = (source: string) => `
      INSERT INTO attestation_count_deltas (document_id, revision_id, ${BUCKETS.join(', ')})
      SELECT document_id, revision_id, ${sums.join(', ')}
      FROM (${source}) c
      GROUP BY document_id, revision_id
      HAVING ${sums.map((sum) => `${sum} <> 0`).join(' OR ')}`;
    await db.query(`
      CREATE OR REPLACE FUNCTION attestation_standings_deltas() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          ${deltasFrom(`SELECT document_id, revision_id, bucket, 1 AS delta FROM new_rows`)};
        ELSIF TG_OP = 'DELETE' THEN
          ${deltasFrom(`SELECT document_id, revision_id, bucket, -1 AS delta FROM old_rows`)};
        ELSE
          ${deltasFrom(`SELECT document_id, revision_id, bucket, 1 AS delta FROM new_rows
                        UNION ALL SELECT document_id, revision_id, bucket, -1 FROM old_rows`)};
        END IF;
        RETURN NULL;
      END $$`);

    // What a pair's standing is, from the source rows (the rule of the counts, without the time).
    await db.query(`
      CREATE FUNCTION computed_attestation_standings(p_documents varchar[], p_people varchar[])
      RETURNS TABLE (document_id varchar, person_id varchar, bucket varchar, due_at timestamptz, revision_id varchar)
      LANGUAGE sql STABLE AS $$
        SELECT c.document_id, c.person_id, c.bucket, c.due_at,
               CASE WHEN c.bucket IN ${OF_A_REVISION} THEN c.latest_revision_id END
        FROM (
          SELECT pr.d AS document_id, pr.p AS person_id, doc.latest_revision_id,
                 CASE
                   WHEN a.person_id IS NULL OR doc.id IS NULL OR pe.id IS NULL OR pe.archived_at IS NOT NULL
                   THEN 'none'
                   WHEN st.latest_at IS NOT NULL AND st.has_open THEN 'latest_open'
                   WHEN st.latest_at IS NOT NULL THEN 'latest'
                   WHEN st.has_open THEN 'pending'
                   WHEN st.has_attested THEN 'outdated'
                   ELSE 'unrequested'
                 END::varchar AS bucket,
                 CASE WHEN a.person_id IS NOT NULL AND doc.id IS NOT NULL AND pe.id IS NOT NULL AND pe.archived_at IS NULL
                      THEN st.latest_at + make_interval(days => doc.renewal_interval_days) END AS due_at
          FROM (SELECT DISTINCT d, p FROM unnest(p_documents, p_people) AS u(d, p)) pr
          LEFT JOIN documents doc ON doc.id = pr.d
          LEFT JOIN people pe ON pe.id = pr.p
          LEFT JOIN document_assignments a ON a.document_id = pr.d AND a.person_id = pr.p
          LEFT JOIN LATERAL (
            SELECT bool_or(r.status IN ${OPEN}) AS has_open,
                   max(r.attested_at) FILTER (
                     WHERE r.status = 'attested' AND r.document_revision_id = doc.latest_revision_id
                   ) AS latest_at,
                   bool_or(r.status = 'attested') AS has_attested
            FROM attestation_requests r
            WHERE r.document_id = pr.d AND r.person_id = pr.p
          ) st ON a.person_id IS NOT NULL AND doc.id IS NOT NULL
        ) c
      $$`);

    // Locks what decides the pairs, always people, then documents, each in key order.
    await db.query(`
      CREATE FUNCTION lock_attestation_standing_sources(p_documents varchar[], p_people varchar[]) RETURNS void
      LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM 1 FROM people WHERE id IN (SELECT unnest(p_people)) ORDER BY id FOR SHARE;
        PERFORM 1 FROM documents WHERE id IN (SELECT unnest(p_documents)) ORDER BY id FOR SHARE;
      END $$`);

    await db.query(`
      CREATE OR REPLACE FUNCTION refresh_attestation_standings(p_documents varchar[], p_people varchar[]) RETURNS void
      LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM lock_attestation_standing_sources(p_documents, p_people);
        -- A pair seen for the first time gets its row now; a concurrent first insert of the same pair waits here.
        INSERT INTO attestation_standings (document_id, person_id, bucket)
        SELECT DISTINCT d, p, 'none' FROM unnest(p_documents, p_people) AS u(d, p) ORDER BY 1, 2
        ON CONFLICT (document_id, person_id) DO NOTHING;
        PERFORM 1 FROM attestation_standings s
          JOIN (SELECT DISTINCT d, p FROM unnest(p_documents, p_people) AS u(d, p)) pr
            ON s.document_id = pr.d AND s.person_id = pr.p
          ORDER BY s.document_id, s.person_id FOR UPDATE OF s;
        -- Under READ COMMITTED this statement sees every change committed by whoever held the locks before.
        UPDATE attestation_standings s
        SET bucket = CASE
                       WHEN s.bucket IN ('due', 'due_open') AND c.bucket IN ('latest', 'latest_open')
                            AND s.due_at = c.due_at AND s.revision_id IS NOT DISTINCT FROM c.revision_id
                       THEN CASE c.bucket WHEN 'latest' THEN 'due' ELSE 'due_open' END
                       ELSE c.bucket
                     END,
            due_at = c.due_at,
            revision_id = c.revision_id
        FROM computed_attestation_standings(p_documents, p_people) c
        WHERE s.document_id = c.document_id AND s.person_id = c.person_id
          AND (s.bucket, s.due_at, s.revision_id) IS DISTINCT FROM (c.bucket, c.due_at, c.revision_id)
          AND NOT (s.bucket IN ('due', 'due_open') AND s.due_at = c.due_at
                   AND s.revision_id IS NOT DISTINCT FROM c.revision_id
                   AND c.bucket = CASE s.bucket WHEN 'due' THEN 'latest' ELSE 'latest_open' END);
      END $$`);

    // New assignments: pairs without a standing get their computed one in one insert; the others are recomputed.
    await db.query(`
      CREATE FUNCTION assign_attestation_standings(p_documents varchar[], p_people varchar[]) RETURNS void
      LANGUAGE plpgsql AS $$
      DECLARE
        rest_documents varchar[];
        rest_people varchar[];
      BEGIN
        PERFORM lock_attestation_standing_sources(p_documents, p_people);
        WITH inserted AS (
          INSERT INTO attestation_standings (document_id, person_id, bucket, due_at, revision_id)
          SELECT c.document_id, c.person_id, c.bucket, c.due_at, c.revision_id
          FROM computed_attestation_standings(p_documents, p_people) c ORDER BY 1, 2
          ON CONFLICT (document_id, person_id) DO NOTHING
          RETURNING document_id, person_id
        )
        SELECT array_agg(u.d), array_agg(u.p) INTO rest_documents, rest_people
        FROM (SELECT DISTINCT d, p FROM unnest(p_documents, p_people) AS u(d, p)) u
        WHERE NOT EXISTS (SELECT 1 FROM inserted i WHERE i.document_id = u.d AND i.person_id = u.p);
        IF rest_documents IS NOT NULL THEN
          PERFORM refresh_attestation_standings(rest_documents, rest_people);
        END IF;
      END $$`);

    // New open requests: an existing standing gains an open request; pairs without a standing (or whose row another
    // transaction inserted after our update's snapshot) are recomputed under lock. The update writes every pair's
    // row, moved or not, so each ends up locked by us and a concurrent recompute waits for our requests; and no
    // filter on the bucket lets the planner misjudge the rows (after an analyze that saw them all pending, a
    // nested loop over 2,000 pairs per row ran past the statement timeout).
    await db.query(`
      CREATE FUNCTION open_attestation_standings(p_documents varchar[], p_people varchar[]) RETURNS void
      LANGUAGE plpgsql AS $$
      DECLARE
        rest_documents varchar[];
        rest_people varchar[];
      BEGIN
        PERFORM lock_attestation_standing_sources(p_documents, p_people);
        WITH moved AS (
          UPDATE attestation_standings s
          SET bucket = CASE s.bucket
                         WHEN 'latest' THEN 'latest_open' WHEN 'due' THEN 'due_open'
                         WHEN 'outdated' THEN 'pending' WHEN 'unrequested' THEN 'pending'
                         ELSE s.bucket
                       END
          FROM (SELECT DISTINCT d, p FROM unnest(p_documents, p_people) AS u(d, p)) pr
          WHERE s.document_id = pr.d AND s.person_id = pr.p
          RETURNING s.document_id, s.person_id
        )
        SELECT array_agg(r.d), array_agg(r.p) INTO rest_documents, rest_people
        FROM (SELECT d, p FROM unnest(p_documents, p_people) AS u(d, p)
              EXCEPT SELECT document_id, person_id FROM moved) r;
        IF rest_documents IS NOT NULL THEN
          PERFORM refresh_attestation_standings(rest_documents, rest_people);
        END IF;
      END $$`);

    const call = (fn: string, pairs: string) => `
      PERFORM ${fn}(array_agg(document_id), array_agg(person_id))
      FROM (${pairs}) pairs HAVING count(*) > 0`;
    await db.query(`
      CREATE OR REPLACE FUNCTION attestation_requests_standings() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          ${call('open_attestation_standings', `SELECT document_id, person_id FROM new_rows WHERE status IN ${OPEN}`)};
          ${call('refresh_attestation_standings', `SELECT document_id, person_id FROM new_rows WHERE status NOT IN ${OPEN}`)};
        ELSIF TG_OP = 'DELETE' THEN
          ${call('refresh_attestation_standings', `SELECT document_id, person_id FROM old_rows`)};
        ELSE
          ${call(
            'refresh_attestation_standings',
            `SELECT x.document_id, x.person_id
             FROM new_rows n JOIN old_rows o ON o.id = n.id
             CROSS JOIN LATERAL (VALUES (n.document_id, n.person_id), (o.document_id, o.person_id)) AS x(document_id, person_id)
             WHERE (n.status, n.attested_at, n.document_revision_id, n.document_id, n.person_id)
                   IS DISTINCT FROM (o.status, o.attested_at, o.document_revision_id, o.document_id, o.person_id)`,
          )};
        END IF;
        RETURN NULL;
      END $$`);

    await db.query(`
      CREATE OR REPLACE FUNCTION document_assignments_standings() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          ${call('assign_attestation_standings', `SELECT document_id, person_id FROM new_rows`)};
        ELSIF TG_OP = 'DELETE' THEN
          ${call('refresh_attestation_standings', `SELECT document_id, person_id FROM old_rows`)};
        ELSE
          ${call(
            'refresh_attestation_standings',
            `SELECT document_id, person_id FROM new_rows UNION SELECT document_id, person_id FROM old_rows
             EXCEPT (SELECT n.document_id, n.person_id FROM new_rows n JOIN old_rows o
                     ON o.document_id = n.document_id AND o.person_id = n.person_id)`,
          )};
        END IF;
        RETURN NULL;
      END $$`);

    // A new renewal interval moves every assignee's due date; a new latest revision moves nothing, unless it
    // already has attestations (never by the service: a published revision is new).
    await db.query(`
      CREATE OR REPLACE FUNCTION documents_standings() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${call(
          'refresh_attestation_standings',
          `SELECT a.document_id, a.person_id
           FROM new_rows n JOIN old_rows o ON o.id = n.id
           JOIN document_assignments a ON a.document_id = n.id
           WHERE n.renewal_interval_days IS DISTINCT FROM o.renewal_interval_days
              OR (n.latest_revision_id IS DISTINCT FROM o.latest_revision_id
                  AND EXISTS (SELECT 1 FROM attestation_requests r
                               WHERE r.document_id = n.id AND r.status = 'attested'
                                 AND r.document_revision_id = n.latest_revision_id))`,
        )};
        RETURN NULL;
      END $$`);

    await this.replaceRepair(db);
    await db.query(`
      UPDATE attestation_standings s SET revision_id = d.latest_revision_id
      FROM documents d WHERE d.id = s.document_id AND s.bucket IN ${OF_A_REVISION}`);
    await db.query(`SELECT repair_list_counters(NULL, now())`);
  }

  /** The recount of ListCounters1764900000000, by revision. */
  private async replaceRepair(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE OR REPLACE FUNCTION repair_list_counters(p_organization varchar, p_now timestamptz) RETURNS integer
      LANGUAGE plpgsql AS $$
      DECLARE
        fixed integer := 0;
        n integer;
      BEGIN
        LOCK TABLE people, documents, groups, document_assignments, attestation_requests IN SHARE MODE;
        LOCK TABLE list_totals, attestation_standings, attestation_count_deltas IN EXCLUSIVE MODE;

        CREATE TEMP TABLE expected_totals ON COMMIT DROP AS
        SELECT organization_id, list, slot, count(*)::bigint AS total FROM (
          SELECT organization_id, CASE WHEN archived_at IS NULL THEN 'people_active' ELSE 'people_archived' END AS list,
                 (hashtext(id) & 15)::smallint AS slot
          FROM people WHERE p_organization IS NULL OR organization_id = p_organization
          UNION ALL
          SELECT organization_id, CASE WHEN archived_at IS NULL THEN 'documents_active' ELSE 'documents_archived' END,
                 (hashtext(id) & 15)::smallint
          FROM documents WHERE p_organization IS NULL OR organization_id = p_organization
          UNION ALL
          SELECT organization_id, 'groups', (hashtext(id) & 15)::smallint
          FROM groups WHERE p_organization IS NULL OR organization_id = p_organization
        ) r GROUP BY 1, 2, 3;
        DELETE FROM list_totals t
        WHERE (p_organization IS NULL OR t.organization_id = p_organization)
          AND t.total <> coalesce((SELECT e.total FROM expected_totals e WHERE e.organization_id = t.organization_id
                                     AND e.list = t.list AND e.slot = t.slot), 0);
        GET DIAGNOSTICS n = ROW_COUNT; fixed := fixed + n;
        INSERT INTO list_totals (organization_id, list, slot, total)
        SELECT e.* FROM expected_totals e
        WHERE NOT EXISTS (SELECT 1 FROM list_totals t WHERE t.organization_id = e.organization_id
                            AND t.list = e.list AND t.slot = e.slot);
        GET DIAGNOSTICS n = ROW_COUNT; fixed := fixed + n;

        CREATE TEMP TABLE expected_standings ON COMMIT DROP AS
        SELECT a.document_id, a.person_id,
               CASE
                 WHEN st.latest_at IS NOT NULL AND st.due_at < p_now AND st.has_open THEN 'due_open'
                 WHEN st.latest_at IS NOT NULL AND st.due_at < p_now THEN 'due'
                 WHEN st.latest_at IS NOT NULL AND st.has_open THEN 'latest_open'
                 WHEN st.latest_at IS NOT NULL THEN 'latest'
                 WHEN st.has_open THEN 'pending'
                 WHEN st.has_attested THEN 'outdated'
                 ELSE 'unrequested'
               END::varchar(16) AS bucket,
               st.due_at,
               CASE WHEN st.latest_at IS NOT NULL THEN doc.latest_revision_id END::varchar(26) AS revision_id
        FROM document_assignments a
        JOIN documents doc ON doc.id = a.document_id
        JOIN people pe ON pe.id = a.person_id AND pe.archived_at IS NULL
        LEFT JOIN (
          SELECT r.document_id, r.person_id,
                 bool_or(r.status IN ${OPEN}) AS has_open,
                 max(r.attested_at) FILTER (WHERE r.status = 'attested' AND r.document_revision_id = d.latest_revision_id) AS latest_at,
                 max(r.attested_at) FILTER (WHERE r.status = 'attested' AND r.document_revision_id = d.latest_revision_id)
                   + make_interval(days => d.renewal_interval_days) AS due_at,
                 bool_or(r.status = 'attested') AS has_attested
          FROM attestation_requests r JOIN documents d ON d.id = r.document_id
          WHERE p_organization IS NULL OR r.organization_id = p_organization
          GROUP BY r.document_id, r.person_id, d.latest_revision_id, d.renewal_interval_days
        ) st ON st.document_id = a.document_id AND st.person_id = a.person_id
        WHERE p_organization IS NULL OR a.organization_id = p_organization;
        CREATE INDEX ON expected_standings (document_id, person_id);
        ANALYZE expected_standings;

        -- Pairs whose row means something else (or is missing), then rows of pairs no longer assignees. A row of
        -- a revision that is no longer the latest means what it became when the next one was published.
        INSERT INTO attestation_standings AS s (document_id, person_id, bucket, due_at, revision_id)
        SELECT e.document_id, e.person_id, e.bucket, e.due_at, e.revision_id FROM expected_standings e
        JOIN documents doc ON doc.id = e.document_id
        LEFT JOIN attestation_standings x ON x.document_id = e.document_id AND x.person_id = e.person_id
        WHERE x.document_id IS NULL
           OR (CASE WHEN x.revision_id IS DISTINCT FROM doc.latest_revision_id AND x.bucket IN ${OF_A_REVISION}
                    THEN CASE WHEN x.bucket IN ('latest_open', 'due_open') THEN 'pending' ELSE 'outdated' END
                    ELSE x.bucket END,
               CASE WHEN x.revision_id IS DISTINCT FROM doc.latest_revision_id AND x.bucket IN ${OF_A_REVISION}
                    THEN NULL ELSE x.due_at END)
              IS DISTINCT FROM (e.bucket, e.due_at)
        ON CONFLICT (document_id, person_id)
        DO UPDATE SET bucket = EXCLUDED.bucket, due_at = EXCLUDED.due_at, revision_id = EXCLUDED.revision_id;
        GET DIAGNOSTICS n = ROW_COUNT; fixed := fixed + n;
        UPDATE attestation_standings s SET bucket = 'none', due_at = NULL, revision_id = NULL
        FROM documents d
        WHERE d.id = s.document_id AND (p_organization IS NULL OR d.organization_id = p_organization)
          AND s.bucket <> 'none'
          AND NOT EXISTS (SELECT 1 FROM expected_standings e WHERE e.document_id = s.document_id AND e.person_id = s.person_id);
        GET DIAGNOSTICS n = ROW_COUNT; fixed := fixed + n;

        -- The deltas must add up to the standings, per revision: documents where they do not get exact rows.
        CREATE TEMP TABLE wrong_counts ON COMMIT DROP AS
        SELECT DISTINCT coalesce(w.document_id, h.document_id) AS document_id
        FROM (SELECT s.document_id, s.revision_id,
                     ${BUCKETS.map((b) => `count(*) FILTER (WHERE s.bucket = '${b}') AS ${b}`).join(', ')}
              FROM attestation_standings s JOIN documents d ON d.id = s.document_id
              WHERE (p_organization IS NULL OR d.organization_id = p_organization) AND s.bucket <> 'none'
              GROUP BY s.document_id, s.revision_id) w
        FULL JOIN (SELECT c.document_id, c.revision_id, ${BUCKETS.map((b) => `sum(c.${b}) AS ${b}`).join(', ')}
                   FROM attestation_count_deltas c JOIN documents d ON d.id = c.document_id
                   WHERE p_organization IS NULL OR d.organization_id = p_organization
                   GROUP BY c.document_id, c.revision_id) h
          ON h.document_id = w.document_id AND h.revision_id IS NOT DISTINCT FROM w.revision_id
        WHERE (${BUCKETS.map((b) => `coalesce(w.${b}, 0)`).join(', ')})
              IS DISTINCT FROM (${BUCKETS.map((b) => `coalesce(h.${b}, 0)`).join(', ')});
        GET DIAGNOSTICS n = ROW_COUNT; fixed := fixed + n;
        DELETE FROM attestation_count_deltas c USING wrong_counts w WHERE c.document_id = w.document_id;
        INSERT INTO attestation_count_deltas (document_id, revision_id, ${BUCKETS.join(', ')})
        SELECT s.document_id, s.revision_id, ${BUCKETS.map((b) => `count(*) FILTER (WHERE s.bucket = '${b}')`).join(', ')}
        FROM attestation_standings s JOIN wrong_counts w ON w.document_id = s.document_id
        WHERE s.bucket <> 'none'
        GROUP BY s.document_id, s.revision_id;
        RETURN fixed;
      END $$`);
  }

  /** Back to the counters of ListCounters1764900000000, rebuilt by its recount. */
  async down(db: QueryRunner): Promise<void> {
    const previous = new ListCounters1764900000000();
    await previous.down(db);
    for (const fn of [
      'open_attestation_standings(varchar[], varchar[])',
      'assign_attestation_standings(varchar[], varchar[])',
      'lock_attestation_standing_sources(varchar[], varchar[])',
      'computed_attestation_standings(varchar[], varchar[])',
    ]) {
      await db.query(`DROP FUNCTION ${fn}`);
    }
    await previous.up(db);
  }
}
