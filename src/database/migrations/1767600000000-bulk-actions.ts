import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The console's bulk actions on a document's assignees (remind, send, cancel): one row per action, which is also
 * the outbox row of its worker job, and one row per target person with what was done to them. New tables only:
 * nothing existing is rewritten or locked.
 */
export class BulkActions1767600000000 implements MigrationInterface {
  name = 'BulkActions1767600000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE bulk_actions (
        id ulid PRIMARY KEY,
        organization_id ulid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        user_id ulid,
        kind varchar(16) NOT NULL CHECK (kind IN ('remind', 'send', 'cancel')),
        document_id ulid NOT NULL,
        criteria jsonb NOT NULL,
        target_key char(64) NOT NULL,
        status varchar(16) NOT NULL CHECK (status IN ('queued', 'running', 'finished')),
        total integer NOT NULL,
        done integer NOT NULL DEFAULT 0,
        skipped integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL,
        finished_at timestamptz,
        relayed_at timestamptz
      )`);
    await db.query(`CREATE INDEX bulk_actions_by_key ON bulk_actions (organization_id, target_key, created_at)`);
    await db.query(`CREATE INDEX bulk_actions_recent ON bulk_actions (organization_id, document_id, created_at)`);
    await db.query(`CREATE INDEX bulk_actions_pending ON bulk_actions (created_at) WHERE status <> 'finished'`);
    await db.query(`
      CREATE TABLE bulk_action_targets (
        bulk_action_id ulid NOT NULL REFERENCES bulk_actions (id) ON DELETE CASCADE,
        person_id ulid NOT NULL,
        outcome varchar(8) CHECK (outcome IN ('done', 'skipped')),
        reason varchar(255),
        PRIMARY KEY (bulk_action_id, person_id)
      )`);
    await db.query(`
      CREATE INDEX bulk_action_targets_pending ON bulk_action_targets (bulk_action_id, person_id)
        WHERE outcome IS NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE bulk_action_targets`);
    await db.query(`DROP TABLE bulk_actions`);
  }
}
