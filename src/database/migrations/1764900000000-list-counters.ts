import { MigrationInterface, QueryRunner } from 'typeorm';
import { BUCKETS, OPEN, REPAIR_LIST_COUNTERS } from './1764900000000-list-counters.repair';

/**
 * Totals and attestation counts kept as data, so a list reads a handful of rows instead of counting.
 *
 * `list_totals`: the size of each list (active and archived people, active and archived documents, groups) per
 * organization, split into 16 slots by the row's id so concurrent writers rarely wait on the same counter row.
 *
 * `attestation_standings`: one row per (document, person) pair that was ever assigned, holding which bucket of the
 * attestation counts the pair is in (`none` when it is not an active assignee). The buckets do not depend on the
 * time: an attestation of the latest revision is `latest` (`latest_open` with an open request) until the lifecycle
 * pass, with the application's clock, moves it to `due` (`due_open`) once `due_at` (its attestation plus the
 * document's renewal interval) is past. A read adds the pairs that fell due since, found through a partial index on
 * `due_at`, so the counts are exact at any moment whether or not that pass ran.
 *
 * `attestation_count_deltas`: per document, rows of bucket deltas, only ever inserted (no counter row is locked, so
 * concurrent group adds, signatures and requests never wait for each other here); their sum is the count, and the
 * lifecycle pass folds them into one row per document.
 *
 * PostgreSQL triggers keep all three in the transaction of every write that moves them, whatever code path writes:
 * people and documents inserted, archived, restored or deleted; groups; assignments; requests inserted or changing
 * status, revision or attestation time; a document's latest revision or renewal interval. A refresh recomputes the
 * touched pairs from the source rows after locking them (their standing rows, the people and the documents, in a
 * fixed order), so two transactions touching one pair serialise and the later one sees the earlier one's rows.
 */
export class ListCounters1764900000000 implements MigrationInterface {
  name = 'ListCounters1764900000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE list_totals (
        organization_id ulid NOT NULL,
        list varchar(32) NOT NULL
          CHECK (list IN ('people_active', 'people_archived', 'documents_active', 'documents_archived', 'groups')),
        slot smallint NOT NULL,
        total bigint NOT NULL,
        PRIMARY KEY (organization_id, list, slot)
      )`);

    for (const table of ['people', 'documents', 'groups']) {
      const list =
        table === 'groups'
          ? `'groups'`
          : `CASE WHEN archived_at IS NULL THEN '${table}_active' ELSE '${table}_archived' END`;
      const rows = (source: string, sign: number) =>
        `SELECT organization_id, ${list} AS list, (hashtext(id) & 15)::smallint AS slot, ${sign} AS delta FROM ${source}`;
      await db.query(`
        CREATE FUNCTION ${table}_list_totals() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'INSERT' THEN
            INSERT INTO list_totals AS t (organization_id, list, slot, total)
            SELECT organization_id, list, slot, sum(delta) FROM (${rows('new_rows', 1)}) d
            GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
            ON CONFLICT (organization_id, list, slot) DO UPDATE SET total = t.total + EXCLUDED.total;
          ELSIF TG_OP = 'DELETE' THEN
            INSERT INTO list_totals AS t (organization_id, list, slot, total)
            SELECT organization_id, list, slot, sum(delta) FROM (${rows('old_rows', -1)}) d
            GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
            ON CONFLICT (organization_id, list, slot) DO UPDATE SET total = t.total + EXCLUDED.total;
          ELSE
            INSERT INTO list_totals AS t (organization_id, list, slot, total)
            SELECT organization_id, list, slot, sum(delta)
            FROM (${rows('new_rows', 1)} UNION ALL ${rows('old_rows', -1)}) d
            GROUP BY 1, 2, 3 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3
            ON CONFLICT (organization_id, list, slot) DO UPDATE SET total = t.total + EXCLUDED.total;
          END IF;
          RETURN NULL;
        END $$`);
      await this.statementTriggers(db, table, `${table}_list_totals`, `${table}_list_totals`);
    }

    await db.query(`
      CREATE TABLE attestation_standings (
        document_id ulid NOT NULL,
        person_id ulid NOT NULL,
        bucket varchar(16) NOT NULL CHECK (bucket IN ('none', ${BUCKETS.map((b) => `'${b}'`).join(', ')})),
        due_at timestamptz,
        PRIMARY KEY (document_id, person_id)
      )`);
    // What a read adds to the counts (the pairs fallen due since the last pass) and what the pass moves.
    await db.query(`
      CREATE INDEX attestation_standings_falling_due ON attestation_standings (document_id, due_at) INCLUDE (bucket)
        WHERE bucket IN ('latest', 'latest_open') AND due_at IS NOT NULL`);
    await db.query(`
      CREATE INDEX attestation_standings_due_sweep ON attestation_standings (due_at)
        WHERE bucket IN ('latest', 'latest_open') AND due_at IS NOT NULL`);

    await db.query(`
      CREATE TABLE attestation_count_deltas (
        document_id ulid NOT NULL,
        ${BUCKETS.map((bucket) => `${bucket} integer NOT NULL DEFAULT 0`).join(',\n        ')}
      )`);
    await db.query(`CREATE INDEX attestation_count_deltas_document ON attestation_count_deltas (document_id)`);

    const sums = BUCKETS.map((bucket) => `sum(CASE WHEN bucket = '${bucket}' THEN delta ELSE 0 END)`);
    const deltasFrom = (source: string) => `
      INSERT INTO attestation_count_deltas (document_id, ${BUCKETS.join(', ')})
      SELECT document_id, ${sums.join(', ')}
      FROM (${source}) c
      GROUP BY document_id
      HAVING ${sums.map((sum) => `${sum} <> 0`).join(' OR ')}`;
    await db.query(`
      CREATE FUNCTION attestation_standings_deltas() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          ${deltasFrom(`SELECT document_id, bucket, 1 AS delta FROM new_rows`)};
        ELSIF TG_OP = 'DELETE' THEN
          ${deltasFrom(`SELECT document_id, bucket, -1 AS delta FROM old_rows`)};
        ELSE
          ${deltasFrom(`SELECT document_id, bucket, 1 AS delta FROM new_rows UNION ALL SELECT document_id, bucket, -1 FROM old_rows`)};
        END IF;
        RETURN NULL;
      END $$`);
    await this.statementTriggers(
      db,
      'attestation_standings',
      'attestation_standings_deltas',
      'attestation_standings_deltas',
    );

    // The one place a pair's bucket is decided (the rule of the counts, without the time).
    await db.query(`
      CREATE FUNCTION refresh_attestation_standings(p_documents varchar[], p_people varchar[]) RETURNS void
      LANGUAGE plpgsql AS $$
      BEGIN
        -- Lock what decides the pairs, always people, then documents, then standings, each in key order.
        PERFORM 1 FROM people WHERE id = ANY(p_people) ORDER BY id FOR SHARE;
        PERFORM 1 FROM documents WHERE id = ANY(p_documents) ORDER BY id FOR SHARE;
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
                            AND s.due_at = c.due_at
                       THEN CASE c.bucket WHEN 'latest' THEN 'due' ELSE 'due_open' END
                       ELSE c.bucket
                     END,
            due_at = c.due_at
        FROM (
          SELECT pr.d AS document_id, pr.p AS person_id,
                 CASE
                   WHEN a.person_id IS NULL OR doc.id IS NULL OR pe.id IS NULL OR pe.archived_at IS NOT NULL
                   THEN 'none'
                   WHEN st.latest_at IS NOT NULL AND st.has_open THEN 'latest_open'
                   WHEN st.latest_at IS NOT NULL THEN 'latest'
                   WHEN st.has_open THEN 'pending'
                   WHEN st.has_attested THEN 'outdated'
                   ELSE 'unrequested'
                 END AS bucket,
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
        WHERE s.document_id = c.document_id AND s.person_id = c.person_id
          AND (s.bucket, s.due_at) IS DISTINCT FROM (c.bucket, c.due_at)
          AND NOT (s.bucket IN ('due', 'due_open') AND s.due_at = c.due_at
                   AND c.bucket = CASE s.bucket WHEN 'due' THEN 'latest' ELSE 'latest_open' END);
      END $$`);

    const refreshFrom = (pairs: string) => `
      PERFORM refresh_attestation_standings(array_agg(document_id), array_agg(person_id))
      FROM (${pairs}) pairs HAVING count(*) > 0`;
    await db.query(`
      CREATE FUNCTION attestation_requests_standings() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          ${refreshFrom(`SELECT document_id, person_id FROM new_rows`)};
        ELSIF TG_OP = 'DELETE' THEN
          ${refreshFrom(`SELECT document_id, person_id FROM old_rows`)};
        ELSE
          ${refreshFrom(`
            SELECT x.document_id, x.person_id
            FROM new_rows n JOIN old_rows o ON o.id = n.id
            CROSS JOIN LATERAL (VALUES (n.document_id, n.person_id), (o.document_id, o.person_id)) AS x(document_id, person_id)
            WHERE (n.status, n.attested_at, n.document_revision_id, n.document_id, n.person_id)
                  IS DISTINCT FROM (o.status, o.attested_at, o.document_revision_id, o.document_id, o.person_id)`)};
        END IF;
        RETURN NULL;
      END $$`);
    await this.statementTriggers(
      db,
      'attestation_requests',
      'attestation_requests_standings',
      'attestation_requests_standings',
    );

    await db.query(`
      CREATE FUNCTION document_assignments_standings() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          ${refreshFrom(`SELECT document_id, person_id FROM new_rows`)};
        ELSIF TG_OP = 'DELETE' THEN
          ${refreshFrom(`SELECT document_id, person_id FROM old_rows`)};
        ELSE
          ${refreshFrom(`
            SELECT document_id, person_id FROM new_rows UNION SELECT document_id, person_id FROM old_rows
            EXCEPT (SELECT n.document_id, n.person_id FROM new_rows n JOIN old_rows o
                    ON o.document_id = n.document_id AND o.person_id = n.person_id)`)};
        END IF;
        RETURN NULL;
      END $$`);
    await this.statementTriggers(
      db,
      'document_assignments',
      'document_assignments_standings',
      'document_assignments_standings',
    );

    // Archiving or restoring a person moves every document assigned to them.
    await db.query(`
      CREATE FUNCTION people_standings() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${refreshFrom(`
          SELECT a.document_id, a.person_id
          FROM new_rows n JOIN old_rows o ON o.id = n.id
          JOIN document_assignments a ON a.person_id = n.id
          WHERE (n.archived_at IS NULL) <> (o.archived_at IS NULL)`)};
        RETURN NULL;
      END $$`);
    await db.query(`
      CREATE TRIGGER people_standings AFTER UPDATE ON people
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION people_standings()`);

    // A new latest revision, or another renewal interval, moves every assignee of the document.
    await db.query(`
      CREATE FUNCTION documents_standings() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${refreshFrom(`
          SELECT a.document_id, a.person_id
          FROM new_rows n JOIN old_rows o ON o.id = n.id
          JOIN document_assignments a ON a.document_id = n.id
          WHERE (n.latest_revision_id, n.renewal_interval_days) IS DISTINCT FROM (o.latest_revision_id, o.renewal_interval_days)`)};
        RETURN NULL;
      END $$`);
    await db.query(`
      CREATE TRIGGER documents_standings AFTER UPDATE ON documents
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION documents_standings()`);

    // Recount from the source rows and repair (also how existing data gets its counters).
    await db.query(REPAIR_LIST_COUNTERS);
    await db.query(`SELECT repair_list_counters(NULL, now())`);
  }

  /** One AFTER ... FOR EACH STATEMENT trigger per event, each with the transition tables that event has. */
  private async statementTriggers(db: QueryRunner, table: string, name: string, fn: string): Promise<void> {
    await db.query(`
      CREATE TRIGGER ${name}_insert AFTER INSERT ON ${table} REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`);
    await db.query(`
      CREATE TRIGGER ${name}_update AFTER UPDATE ON ${table} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`);
    await db.query(`
      CREATE TRIGGER ${name}_delete AFTER DELETE ON ${table} REFERENCING OLD TABLE AS old_rows
        FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const [table, name] of [
      ['people', 'people_list_totals'],
      ['documents', 'documents_list_totals'],
      ['groups', 'groups_list_totals'],
      ['attestation_requests', 'attestation_requests_standings'],
      ['document_assignments', 'document_assignments_standings'],
    ]) {
      for (const event of ['insert', 'update', 'delete']) await db.query(`DROP TRIGGER ${name}_${event} ON ${table}`);
    }
    await db.query(`DROP TRIGGER people_standings ON people`);
    await db.query(`DROP TRIGGER documents_standings ON documents`);
    await db.query(`DROP TABLE attestation_count_deltas, attestation_standings, list_totals`);
    for (const fn of [
      'repair_list_counters(varchar, timestamptz)',
      'documents_standings()',
      'people_standings()',
      'document_assignments_standings()',
      'attestation_requests_standings()',
      'refresh_attestation_standings(varchar[], varchar[])',
      'attestation_standings_deltas()',
      'people_list_totals()',
      'documents_list_totals()',
      'groups_list_totals()',
    ]) {
      await db.query(`DROP FUNCTION ${fn}`);
    }
  }
}
