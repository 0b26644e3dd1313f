import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The attestation counts of a page of documents read, per document and person, every request's status,
 * revision and attestation time. Carrying those two columns in the (document_id, person_id, status) index lets
 * that read be an index-only scan in key order (no heap visits, no sort); the index it replaces had the same
 * keys, so every lookup it served is still served.
 */
export class AttestationStandingIndex1763900000000 implements MigrationInterface {
  name = 'AttestationStandingIndex1763900000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE INDEX attestation_requests_standing ON attestation_requests (document_id, person_id, status)
        INCLUDE (document_revision_id, attested_at)`);
    await db.query(`DROP INDEX attestation_requests_document_person`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE INDEX attestation_requests_document_person ON attestation_requests (document_id, person_id, status)`,
    );
    await db.query(`DROP INDEX attestation_requests_standing`);
  }
}
