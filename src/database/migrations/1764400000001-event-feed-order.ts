import { MigrationInterface, QueryRunner } from 'typeorm';

/** The feed reads an organization's events in (transaction_id, id) order; a request's list likewise. */
export class EventFeedOrder1764400000001 implements MigrationInterface {
  name = 'EventFeedOrder1764400000001';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX events_feed`);
    await db.query(`DROP INDEX events_request`);
    await db.query(`
      CREATE INDEX events_feed ON events (organization_id, transaction_id, id) WHERE attestation_request_id IS NOT NULL`);
    await db.query(`CREATE INDEX events_request ON events (attestation_request_id, transaction_id, id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX events_feed`);
    await db.query(`DROP INDEX events_request`);
    await db.query(`CREATE INDEX events_feed ON events (organization_id, id) WHERE attestation_request_id IS NOT NULL`);
    await db.query(`CREATE INDEX events_request ON events (attestation_request_id, id)`);
  }
}
