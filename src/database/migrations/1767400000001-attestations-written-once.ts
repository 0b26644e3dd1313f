import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An attestation (the audit entry of a signature) is written once: a trigger refuses every UPDATE, whoever runs
 * it. DELETE stays possible: an organization's removal, or a request's, cascades to its attestations. Creating a
 * trigger reads no row and holds its lock only for the catalog change.
 */
export class AttestationsWrittenOnce1767400000001 implements MigrationInterface {
  name = 'AttestationsWrittenOnce1767400000001';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE FUNCTION refuse_attestation_update() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'attestation % is written once and cannot be updated', OLD.id
          USING ERRCODE = 'restrict_violation';
      END
      $$`);
    await db.query(`
      CREATE TRIGGER attestations_written_once BEFORE UPDATE ON attestations
        FOR EACH ROW EXECUTE FUNCTION refuse_attestation_update()`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER attestations_written_once ON attestations`);
    await db.query(`DROP FUNCTION refuse_attestation_update()`);
  }
}
