import { MigrationInterface, QueryRunner } from 'typeorm';

/** Rows of old canceled requests given their reason per transaction: short locks, never the whole table at once. */
const BATCH = 5_000;

/**
 * The signer's side: how a request is delivered (`email` or `none`), why a canceled request was canceled (and the
 * recipient's words when they declined), the origins that may frame the attestation page, and the one-time signing
 * links an integrator hands over itself.
 *
 * Not one transaction: the columns are added with constant defaults (no table rewrite, a brief lock), then the
 * requests canceled before this migration get `canceled` in batches of their own, each a short transaction, so
 * writers to the requests never wait long. A run interrupted midway resumes where it stopped.
 */
export class SignerSide1767200000000 implements MigrationInterface {
  name = 'SignerSide1767200000000';
  transaction = false;

  async up(db: QueryRunner): Promise<void> {
    await inTransaction(db, async () => {
      await db.query(`
        ALTER TABLE attestation_requests
          ADD COLUMN IF NOT EXISTS delivery varchar(8) NOT NULL DEFAULT 'email'
            CONSTRAINT attestation_requests_delivery_check CHECK (delivery IN ('email', 'none')),
          ADD COLUMN IF NOT EXISTS cancel_reason varchar(16)
            CONSTRAINT attestation_requests_cancel_reason_check
              CHECK (cancel_reason IN ('declined', 'canceled', 'superseded', 'archived')),
          ADD COLUMN IF NOT EXISTS decline_reason text`);
      await db.query(`
        ALTER TABLE organizations
          ADD COLUMN IF NOT EXISTS signing_frame_origins varchar(255)[] NOT NULL DEFAULT '{}'`);
      await db.query(`
        CREATE TABLE IF NOT EXISTS signing_links (
          id ulid PRIMARY KEY,
          organization_id ulid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
          attestation_request_id ulid NOT NULL REFERENCES attestation_requests (id) ON DELETE CASCADE,
          token_hash char(64) NOT NULL UNIQUE,
          created_at timestamptz NOT NULL,
          expires_at timestamptz NOT NULL,
          used_at timestamptz
        )`);
      await db.query(`CREATE INDEX IF NOT EXISTS signing_links_request ON signing_links (attestation_request_id)`);
      await db.query(`CREATE INDEX IF NOT EXISTS signing_links_organization ON signing_links (organization_id)`);
    });
    // Old canceled requests were canceled by someone or replaced, and nothing tells which: `canceled`. Walked in
    // primary-key order, a batch of rows per statement (each its own transaction).
    let after = '';
    for (;;) {
      const [{ last }]: { last: string | null }[] = await db.query(
        `WITH batch AS (SELECT id FROM attestation_requests WHERE id > $1 ORDER BY id LIMIT ${BATCH}),
              marked AS (UPDATE attestation_requests request SET cancel_reason = 'canceled'
                           FROM batch
                          WHERE request.id = batch.id AND request.status = 'canceled'
                            AND request.cancel_reason IS NULL)
         SELECT max(id) AS last FROM batch`,
        [after],
      );
      if (last === null) break;
      after = last;
    }
  }

  async down(db: QueryRunner): Promise<void> {
    await inTransaction(db, async () => {
      await db.query(`DROP TABLE signing_links`);
      await db.query(`ALTER TABLE organizations DROP COLUMN signing_frame_origins`);
      await db.query(`
        ALTER TABLE attestation_requests
          DROP COLUMN decline_reason, DROP COLUMN cancel_reason, DROP COLUMN delivery`);
    });
  }
}

async function inTransaction(db: QueryRunner, work: () => Promise<void>): Promise<void> {
  await db.startTransaction();
  try {
    await work();
    await db.commitTransaction();
  } catch (error) {
    await db.rollbackTransaction();
    throw error;
  }
}
