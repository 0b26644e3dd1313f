import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhook deliveries are no longer written in the transaction of the change: the event log is the outbox, and the
 * worker fans committed events out to the endpoints afterwards, in batches. `webhook_fan_out` holds, per
 * organization that has had an endpoint, how far in the event log's order (transaction_id, id) the events were fanned
 * out. Events are read below the feed's watermark, so an event cannot appear behind a cursor once it has moved on
 * (docs/architecture.md#events). Organizations that have endpoints now start after what the old code
 * already fanned out in the events' own transactions: every transaction up to this one.
 */
export class WebhookFanOut1765100000000 implements MigrationInterface {
  name = 'WebhookFanOut1765100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE webhook_fan_out (
        organization_id ulid PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
        transaction_id xid8 NOT NULL,
        event_id varchar(26) NOT NULL
      )`);
    await db.query(`
      INSERT INTO webhook_fan_out (organization_id, transaction_id, event_id)
      SELECT DISTINCT organization_id, pg_current_xact_id(), '' FROM webhook_endpoints`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE webhook_fan_out`);
  }
}
