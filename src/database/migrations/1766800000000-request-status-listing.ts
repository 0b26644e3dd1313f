import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `GET /attestation-requests?status=…` from an index of its own, at any size. The list walked
 * attestation_requests_listing in (created_at, id) order and discarded the other statuses (it carries them), so a
 * page cost as many index entries as there were requests of other statuses before its rows: on the 10x organization
 * (5,000,000 requests), the first page of `status=sent` discarded 189,395. In (organization_id, status, created_at,
 * id) each status's requests are already in list order; several statuses are merged (one ordered walk each).
 */
export class RequestStatusListing1766800000000 implements MigrationInterface {
  name = 'RequestStatusListing1766800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE INDEX attestation_requests_status_listing
        ON attestation_requests (organization_id, status, created_at, id) INCLUDE (source, updated_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX attestation_requests_status_listing`);
  }
}
