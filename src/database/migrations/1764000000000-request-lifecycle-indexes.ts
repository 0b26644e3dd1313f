import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The reminder sweep looks, every few minutes, for requests waiting for the recipient whose last reminder (or
 * else their sending) is old enough. This partial index holds only the requests that can still be reminded,
 * keyed by that moment, so the sweep reads the due ones and nothing else.
 */
export class RequestLifecycleIndexes1764000000000 implements MigrationInterface {
  name = 'RequestLifecycleIndexes1764000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE INDEX attestation_requests_awaiting_reminder
        ON attestation_requests ((coalesce(last_reminded_at, sent_at)))
        WHERE status IN ('sent', 'viewed') AND reminder_count < 3`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX attestation_requests_awaiting_reminder`);
  }
}
