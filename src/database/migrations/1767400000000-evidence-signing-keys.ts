import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The keys evidence records are signed with (compact JWS): every key ever used stays, so its signatures keep
 * verifying against the published key set; the newest signs. The private key is stored sealed (AES-GCM under
 * APP_KEY), the public one as the JWK that `/.well-known/jwks.json` publishes.
 */
export class EvidenceSigningKeys1767400000000 implements MigrationInterface {
  name = 'EvidenceSigningKeys1767400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE evidence_signing_keys (
        kid varchar(64) PRIMARY KEY,
        -- The order keys were made in: the highest signs.
        position bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
        algorithm varchar(16) NOT NULL,
        public_jwk jsonb NOT NULL,
        private_key_sealed text NOT NULL,
        created_at timestamptz NOT NULL
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE evidence_signing_keys`);
  }
}
