import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The event log, webhook endpoints, and their deliveries log, which is also the webhooks' outbox.
 *
 * Each event keeps the id of the transaction that wrote it (`transaction_id`, xid8): the feed shows an event only
 * once every transaction that could still commit an earlier one has ended (docs/api-guide.md#events).
 * A webhook attempt is a row of `webhook_deliveries`: pending when scheduled, then succeeded or failed; the pending
 * ones are what the relay hands to the queue.
 */
export class EventsAndWebhooks1764400000000 implements MigrationInterface {
  name = 'EventsAndWebhooks1764400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE events (
        id ulid PRIMARY KEY,
        organization_id ulid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        attestation_request_id ulid,
        type varchar(64) NOT NULL,
        body text NOT NULL,
        transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
        created_at timestamptz NOT NULL
      )`);
    // The feed and a request's list show request events only; the test event (no request) stays out of both.
    await db.query(`CREATE INDEX events_feed ON events (organization_id, id) WHERE attestation_request_id IS NOT NULL`);
    await db.query(`CREATE INDEX events_request ON events (attestation_request_id, id)`);
    await db.query(`CREATE INDEX events_created ON events (created_at)`);

    await db.query(`
      CREATE TABLE webhook_endpoints (
        id ulid PRIMARY KEY,
        organization_id ulid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        url varchar(2048) NOT NULL,
        event_types varchar(64)[],
        description varchar(1000),
        enabled boolean NOT NULL,
        secret text NOT NULL,
        previous_secret text,
        previous_secret_expires_at timestamptz,
        failing_since timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await db.query(
      `CREATE INDEX webhook_endpoints_organization ON webhook_endpoints (organization_id, created_at, id)`,
    );

    await db.query(`
      CREATE TABLE webhook_deliveries (
        id ulid PRIMARY KEY,
        organization_id ulid NOT NULL,
        endpoint_id ulid NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
        event_id ulid NOT NULL REFERENCES events (id) ON DELETE CASCADE,
        event_type varchar(64) NOT NULL,
        attempt integer NOT NULL CHECK (attempt >= 1),
        status varchar(16) NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
        response_status integer,
        error text,
        duration_ms integer,
        created_at timestamptz NOT NULL,
        due_at timestamptz NOT NULL,
        next_attempt_at timestamptz,
        relayed_at timestamptz,
        updated_at timestamptz NOT NULL,
        UNIQUE (endpoint_id, event_id, attempt)
      )`);
    await db.query(
      `CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, created_at DESC, id DESC)`,
    );
    await db.query(`CREATE INDEX webhook_deliveries_event ON webhook_deliveries (event_id)`);
    await db.query(
      `CREATE INDEX webhook_deliveries_pending ON webhook_deliveries (created_at) WHERE status = 'pending'`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE webhook_deliveries`);
    await db.query(`DROP TABLE webhook_endpoints`);
    await db.query(`DROP TABLE events`);
  }
}
