import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * People, documents and groups record events too, with no request: the feed's index keeps every event but the
 * webhook test, instead of those of a request. Built concurrently (outside a transaction) so that recording goes on
 * while it is built on a large log; the old index goes once the new one is there.
 */
export class ResourceEventsInFeed1767800000000 implements MigrationInterface {
  name = 'ResourceEventsInFeed1767800000000';
  transaction = false as const;

  async up(db: QueryRunner): Promise<void> {
    // A build interrupted by a crash leaves an invalid index of this name: drop it and build again.
    await db.query(`DROP INDEX CONCURRENTLY IF EXISTS events_in_feed`);
    await db.query(`
      CREATE INDEX CONCURRENTLY events_in_feed ON events (organization_id, transaction_id, id)
        WHERE type <> 'webhook.test'`);
    await db.query(`DROP INDEX CONCURRENTLY IF EXISTS events_feed`);
  }

  async down(db: QueryRunner): Promise<void> {
    // Reverting may run inside a transaction (the migration tests revert everything in one): plain statements.
    await db.query(`
      CREATE INDEX IF NOT EXISTS events_feed ON events (organization_id, transaction_id, id)
        WHERE attestation_request_id IS NOT NULL`);
    await db.query(`DROP INDEX IF EXISTS events_in_feed`);
  }
}
