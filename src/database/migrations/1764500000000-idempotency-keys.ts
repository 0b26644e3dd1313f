import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Idempotency-Key answers (docs/api-guide.md): one row per organization and key, written in the transaction of the
 * request it answers. The answer's body is encrypted (AES-256-GCM, key derived from APP_KEY); `expires_at` is
 * indexed for the sweep that deletes expired rows in batches.
 */
export class IdempotencyKeys1764500000000 implements MigrationInterface {
  name = 'IdempotencyKeys1764500000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE idempotency_keys (
        organization_id ulid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        key varchar(255) NOT NULL CHECK (key ~ '^[\\x21-\\x7e]{1,255}$'),
        fingerprint char(64) NOT NULL,
        response_status smallint NOT NULL CHECK (response_status BETWEEN 200 AND 299),
        response_body bytea,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        PRIMARY KEY (organization_id, key)
      )`);
    await db.query(`CREATE INDEX idempotency_keys_expires_at ON idempotency_keys (expires_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE idempotency_keys`);
  }
}
