import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What `GET /people` keeps as data beyond `list_totals`, so a filtered count or a deep page reads a handful of rows.
 *
 * `people_versions`: per organization, 16 slot rows (chosen by the person's id, as `list_totals`, so concurrent
 * writers rarely wait on one row) whose sum is the organization's people version. A statement trigger adds 1 to the
 * slot of every person a statement inserts, updates or deletes, in the writer's transaction, so every committed
 * change of an organization's people raises its sum. Snapshots in PostgreSQL see the committed transactions in the
 * order they became visible (a prefix of one sequence), so two snapshots with the same sum see the same people.
 *
 * `people_filter_counts`: `meta.total` of a text-filtered list, keyed by (organization, filter, version): a repeated
 * filter is a lookup; once the people change, the version differs and the next read counts again (and stores that).
 *
 * `people_page_marks`: every 500th position of an organization's active or archived people in list order
 * (created_at, id), per version, so a deep page seeks from the nearest mark instead of walking the index from the
 * start. Both are written by the readers (one statement each, whose snapshot decides version and content together),
 * pruned of older versions by the worker's settling pass, and checked and dropped by `counters:recount`.
 */
export class PeopleListVersions1766200000000 implements MigrationInterface {
  name = 'PeopleListVersions1766200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE people_versions (
        organization_id ulid NOT NULL,
        slot smallint NOT NULL,
        version bigint NOT NULL,
        PRIMARY KEY (organization_id, slot)
      )`);
    await db.query(`
      CREATE TABLE people_filter_counts (
        organization_id ulid NOT NULL,
        filter jsonb NOT NULL,
        version bigint NOT NULL,
        total integer NOT NULL,
        PRIMARY KEY (organization_id, filter, version)
      )`);
    await db.query(`
      CREATE TABLE people_page_marks (
        organization_id ulid NOT NULL,
        archived boolean NOT NULL,
        version bigint NOT NULL,
        position integer NOT NULL,
        created_at timestamptz NOT NULL,
        id ulid NOT NULL,
        PRIMARY KEY (organization_id, archived, version, position)
      )`);
    await db.query(`
      CREATE FUNCTION people_versions_bump() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO people_versions AS v (organization_id, slot, version)
          SELECT organization_id, (hashtext(id) & 15)::smallint, 1 FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
          ON CONFLICT (organization_id, slot) DO UPDATE SET version = v.version + 1;
        ELSE
          INSERT INTO people_versions AS v (organization_id, slot, version)
          SELECT organization_id, (hashtext(id) & 15)::smallint, 1 FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
          ON CONFLICT (organization_id, slot) DO UPDATE SET version = v.version + 1;
        END IF;
        RETURN NULL;
      END $$`);
    // An update's old and new rows have the same ids (and organization): the old rows name every slot touched.
    await db.query(`
      CREATE TRIGGER people_versions_insert AFTER INSERT ON people REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION people_versions_bump()`);
    await db.query(`
      CREATE TRIGGER people_versions_update AFTER UPDATE ON people REFERENCING OLD TABLE AS old_rows
        FOR EACH STATEMENT EXECUTE FUNCTION people_versions_bump()`);
    await db.query(`
      CREATE TRIGGER people_versions_delete AFTER DELETE ON people REFERENCING OLD TABLE AS old_rows
        FOR EACH STATEMENT EXECUTE FUNCTION people_versions_bump()`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const event of ['insert', 'update', 'delete'])
      await db.query(`DROP TRIGGER people_versions_${event} ON people`);
    await db.query(`DROP FUNCTION people_versions_bump()`);
    await db.query(`DROP TABLE people_page_marks, people_filter_counts, people_versions`);
  }
}
