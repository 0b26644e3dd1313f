import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Deep pages of `GET /attestation-requests` (no filter) seek from a stored mark instead of walking the listing
 * index from the start, as `GET /people` does (PeopleListVersions migration).
 *
 * The version of an organization's request list is the sum of `changes` in its `attestation_request_tallies` rows:
 * the tally trigger, which already appends a row for every statement that inserts or deletes requests, now also
 * records how many it inserted or deleted (status changes move no position in the list: a request's created_at and
 * id never change). The rows are only appended, and folded into rows of the same sum, so the version only grows and
 * no writer waits on another for it.
 *
 * `attestation_request_page_marks`: every 500th position of the list in (created_at, id) order, per version, made
 * by the reader that needs one (up to its own position), pruned by the settling pass, checked by counters:recount.
 */
export class RequestPageMarks1766200000001 implements MigrationInterface {
  name = 'RequestPageMarks1766200000001';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE attestation_request_tallies ADD COLUMN changes bigint NOT NULL DEFAULT 0`);
    await db.query(`
      CREATE TABLE attestation_request_page_marks (
        organization_id ulid NOT NULL,
        version bigint NOT NULL,
        position integer NOT NULL,
        created_at timestamptz NOT NULL,
        id ulid NOT NULL,
        PRIMARY KEY (organization_id, version, position)
      )`);
    await db.query(`
      CREATE OR REPLACE FUNCTION fold_attestation_request_tallies(organization varchar) RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        IF (SELECT count(*) FROM (SELECT FROM attestation_request_tallies WHERE organization_id = organization
                                   LIMIT 65) piled) <= 64
           OR NOT pg_try_advisory_xact_lock(hashtextextended('attestation_request_tallies:' || organization, 0))
        THEN
          RETURN;
        END IF;
        WITH folded AS (
          DELETE FROM attestation_request_tallies WHERE organization_id = organization
          RETURNING status, source, requests, changes
        )
        INSERT INTO attestation_request_tallies (organization_id, status, source, requests, changes)
        SELECT organization, status, source, sum(requests), sum(changes) FROM folded GROUP BY status, source
        HAVING sum(requests) <> 0 OR sum(changes) <> 0;
      END
      $$`);
    await db.query(`
      CREATE OR REPLACE FUNCTION tally_attestation_requests() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO attestation_request_tallies (organization_id, status, source, requests, changes)
          SELECT organization_id, status, source, count(*), count(*) FROM new_rows GROUP BY 1, 2, 3;
          PERFORM fold_attestation_request_tallies(organization_id) FROM (SELECT DISTINCT organization_id FROM new_rows) o;
        ELSIF TG_OP = 'UPDATE' THEN
          INSERT INTO attestation_request_tallies (organization_id, status, source, requests)
          SELECT organization_id, status, source, sum(delta) FROM (
            SELECT organization_id, status, source, -1 AS delta FROM old_rows
            UNION ALL
            SELECT organization_id, status, source, 1 FROM new_rows
          ) changes GROUP BY 1, 2, 3 HAVING sum(delta) <> 0;
          PERFORM fold_attestation_request_tallies(organization_id) FROM (SELECT DISTINCT organization_id FROM new_rows) o;
        ELSE
          -- A cascade from a deleted organization leaves nothing to count.
          INSERT INTO attestation_request_tallies (organization_id, status, source, requests, changes)
          SELECT organization_id, status, source, -count(*), count(*) FROM old_rows r
           WHERE EXISTS (SELECT 1 FROM organizations WHERE id = r.organization_id)
           GROUP BY 1, 2, 3;
          PERFORM fold_attestation_request_tallies(organization_id)
             FROM (SELECT DISTINCT organization_id FROM old_rows) r
            WHERE EXISTS (SELECT 1 FROM organizations WHERE id = r.organization_id);
        END IF;
        RETURN NULL;
      END
      $$`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE attestation_request_page_marks`);
    await db.query(`ALTER TABLE attestation_request_tallies DROP COLUMN changes`);
    await db.query(`
      CREATE OR REPLACE FUNCTION fold_attestation_request_tallies(organization varchar) RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        IF (SELECT count(*) FROM (SELECT FROM attestation_request_tallies WHERE organization_id = organization
                                   LIMIT 65) piled) <= 64
           OR NOT pg_try_advisory_xact_lock(hashtextextended('attestation_request_tallies:' || organization, 0))
        THEN
          RETURN;
        END IF;
        WITH folded AS (
          DELETE FROM attestation_request_tallies WHERE organization_id = organization
          RETURNING status, source, requests
        )
        INSERT INTO attestation_request_tallies (organization_id, status, source, requests)
        SELECT organization, status, source, sum(requests) FROM folded GROUP BY status, source
        HAVING sum(requests) <> 0;
      END
      $$`);
    await db.query(`
      CREATE OR REPLACE FUNCTION tally_attestation_requests() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO attestation_request_tallies (organization_id, status, source, requests)
          SELECT organization_id, status, source, count(*) FROM new_rows GROUP BY 1, 2, 3;
          PERFORM fold_attestation_request_tallies(organization_id) FROM (SELECT DISTINCT organization_id FROM new_rows) o;
        ELSIF TG_OP = 'UPDATE' THEN
          INSERT INTO attestation_request_tallies (organization_id, status, source, requests)
          SELECT organization_id, status, source, sum(delta) FROM (
            SELECT organization_id, status, source, -1 AS delta FROM old_rows
            UNION ALL
            SELECT organization_id, status, source, 1 FROM new_rows
          ) changes GROUP BY 1, 2, 3 HAVING sum(delta) <> 0;
          PERFORM fold_attestation_request_tallies(organization_id) FROM (SELECT DISTINCT organization_id FROM new_rows) o;
        ELSE
          INSERT INTO attestation_request_tallies (organization_id, status, source, requests)
          SELECT organization_id, status, source, -count(*) FROM old_rows r
           WHERE EXISTS (SELECT 1 FROM organizations WHERE id = r.organization_id)
           GROUP BY 1, 2, 3;
          PERFORM fold_attestation_request_tallies(organization_id)
             FROM (SELECT DISTINCT organization_id FROM old_rows) r
            WHERE EXISTS (SELECT 1 FROM organizations WHERE id = r.organization_id);
        END IF;
        RETURN NULL;
      END
      $$`);
  }
}
