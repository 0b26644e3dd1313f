import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * GET /attestation-requests at 500,000 requests per organization.
 *
 * Order and filters: the list walks (organization_id, created_at, id) and filters on the status, source and
 * updated_at it carries, so a page (a deep one too) is an index-only scan; a document's requests have their own
 * ordered index; `updated_since` reads the (organization_id, updated_at) range, which a sync job keeps short.
 * A person's requests are few and come from attestation_requests_person.
 *
 * Totals: `meta.total` of the whole list, or of a status/source filter, would count hundreds of thousands of
 * index entries per request. attestation_request_tallies keeps those counts as data, per organization, status
 * and source, written by statement triggers in the same transaction as every insert, update and delete of a
 * request, whatever path it takes. Each statement appends delta rows (no row is ever updated, so concurrent
 * writers never wait on a counter); the total is their sum, and a statement that finds many rows for its
 * organization folds them into one per status and source (one folder at a time per organization).
 */
export class AttestationRequestListing1764300000000 implements MigrationInterface {
  name = 'AttestationRequestListing1764300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE INDEX attestation_requests_listing ON attestation_requests (organization_id, created_at, id)
        INCLUDE (status, source, updated_at)`);
    await db.query(`
      CREATE INDEX attestation_requests_document_listing
        ON attestation_requests (organization_id, document_id, created_at, id) INCLUDE (status, source, updated_at)`);
    await db.query(`
      CREATE INDEX attestation_requests_updated ON attestation_requests (organization_id, updated_at)
        INCLUDE (created_at, id, status, source)`);

    await db.query(`
      CREATE TABLE attestation_request_tallies (
        organization_id ulid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        status varchar(16) NOT NULL,
        source varchar(16) NOT NULL,
        requests bigint NOT NULL
      )`);
    await db.query(`
      CREATE INDEX attestation_request_tallies_organization
        ON attestation_request_tallies (organization_id, status, source) INCLUDE (requests)`);

    // Writers are kept out while the existing requests are counted and the triggers put in place.
    await db.query(`LOCK TABLE attestation_requests IN SHARE ROW EXCLUSIVE MODE`);
    await db.query(`
      INSERT INTO attestation_request_tallies (organization_id, status, source, requests)
      SELECT organization_id, status, source, count(*) FROM attestation_requests GROUP BY 1, 2, 3`);

    // Folds an organization's delta rows into one per status and source, when they have piled up and no other
    // transaction is folding them (the rows it deletes stay locked until it ends).
    await db.query(`
      CREATE FUNCTION fold_attestation_request_tallies(organization varchar) RETURNS void LANGUAGE plpgsql AS $$
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
      CREATE FUNCTION tally_attestation_requests() RETURNS trigger LANGUAGE plpgsql AS $$
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
          -- A cascade from a deleted organization leaves nothing to count.
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
    for (const [event, tables] of [
      ['INSERT', 'NEW TABLE AS new_rows'],
      ['UPDATE', 'OLD TABLE AS old_rows NEW TABLE AS new_rows'],
      ['DELETE', 'OLD TABLE AS old_rows'],
    ]) {
      await db.query(`
        CREATE TRIGGER attestation_requests_tally_${event.toLowerCase()} AFTER ${event} ON attestation_requests
          REFERENCING ${tables} FOR EACH STATEMENT EXECUTE FUNCTION tally_attestation_requests()`);
    }
  }

  async down(db: QueryRunner): Promise<void> {
    for (const event of ['insert', 'update', 'delete']) {
      await db.query(`DROP TRIGGER attestation_requests_tally_${event} ON attestation_requests`);
    }
    await db.query(`DROP FUNCTION tally_attestation_requests()`);
    await db.query(`DROP FUNCTION fold_attestation_request_tallies(varchar)`);
    await db.query(`DROP TABLE attestation_request_tallies`);
    await db.query(`DROP INDEX attestation_requests_updated`);
    await db.query(`DROP INDEX attestation_requests_document_listing`);
    await db.query(`DROP INDEX attestation_requests_listing`);
  }
}
