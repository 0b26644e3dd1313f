import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The console's door: the links that sign a user in (by email, or an invitation), the server-side sessions, and
 * the organization's audit log, which a trigger keeps append-only. A console email is a row of the existing
 * outbox that names its link instead of a person and requests, so the worker, its retries and SMTP timeouts apply.
 */
export class ConsoleSignIn1766900000000 implements MigrationInterface {
  name = 'ConsoleSignIn1766900000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE console_links (
        id ulid PRIMARY KEY,
        user_id ulid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        purpose varchar(16) NOT NULL CHECK (purpose IN ('sign_in', 'invitation')),
        organization_id ulid REFERENCES organizations (id) ON DELETE CASCADE,
        token_hash char(64) NOT NULL UNIQUE,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      )`);
    await db.query(`CREATE INDEX console_links_user ON console_links (user_id, created_at)`);

    await db.query(`
      CREATE TABLE console_sessions (
        id ulid PRIMARY KEY,
        secret_hash char(64) NOT NULL UNIQUE,
        user_id ulid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        organization_id ulid REFERENCES organizations (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL,
        last_seen_at timestamptz NOT NULL,
        ended_at timestamptz
      )`);
    await db.query(`CREATE INDEX console_sessions_user ON console_sessions (user_id) WHERE ended_at IS NULL`);

    await db.query(`
      CREATE TABLE audit_log (
        id ulid PRIMARY KEY,
        organization_id ulid,
        user_id ulid,
        action varchar(64) NOT NULL,
        ip varchar(64),
        user_agent varchar(512),
        details jsonb NOT NULL DEFAULT '{}',
        at timestamptz NOT NULL
      )`);
    await db.query(`CREATE INDEX audit_log_organization ON audit_log (organization_id, id DESC)`);
    await db.query(`
      CREATE FUNCTION audit_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'the audit log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
      END $$`);
    await db.query(`
      CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
        FOR EACH ROW EXECUTE FUNCTION audit_log_is_append_only()`);
    await db.query(`
      CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
        FOR EACH STATEMENT EXECUTE FUNCTION audit_log_is_append_only()`);

    await db.query(`ALTER TABLE notifications ALTER COLUMN person_id DROP NOT NULL`);
    await db.query(
      `ALTER TABLE notifications ADD COLUMN console_link_id ulid REFERENCES console_links (id) ON DELETE CASCADE`,
    );
    await db.query(
      `ALTER TABLE notifications ADD CONSTRAINT notifications_addressee
         CHECK (person_id IS NOT NULL OR console_link_id IS NOT NULL)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DELETE FROM notifications WHERE console_link_id IS NOT NULL`);
    await db.query(`ALTER TABLE notifications DROP CONSTRAINT notifications_addressee`);
    await db.query(`ALTER TABLE notifications DROP COLUMN console_link_id`);
    await db.query(`ALTER TABLE notifications ALTER COLUMN person_id SET NOT NULL`);
    await db.query(`DROP TABLE audit_log`);
    await db.query(`DROP FUNCTION audit_log_is_append_only()`);
    await db.query(`DROP TABLE console_sessions`);
    await db.query(`DROP TABLE console_links`);
  }
}
