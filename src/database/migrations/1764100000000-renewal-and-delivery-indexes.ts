import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The renewal pass runs every minute over attested requests only; without this partial index each pass read the
 * whole requests table. A failed delivery asks whether a newer email went to the same person since; the person's
 * notifications in id (time) order answer it without a scan.
 */
export class RenewalAndDeliveryIndexes1764100000000 implements MigrationInterface {
  name = 'RenewalAndDeliveryIndexes1764100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE INDEX attestation_requests_attested ON attestation_requests (person_id, document_id)
        WHERE status = 'attested'`);
    await db.query(`CREATE INDEX notifications_person ON notifications (person_id, id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX notifications_person`);
    await db.query(`DROP INDEX attestation_requests_attested`);
  }
}
