import { MigrationInterface, QueryRunner } from 'typeorm';

/** An organization's OpenID Connect settings for the console; the client secret is stored sealed (AES-GCM). */
export class SingleSignOn1766900000001 implements MigrationInterface {
  name = 'SingleSignOn1766900000001';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE sso_settings (
        organization_id ulid PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
        issuer varchar(2048) NOT NULL,
        client_id varchar(255) NOT NULL,
        client_secret_sealed text NOT NULL,
        allowed_domains text[] NOT NULL,
        required boolean NOT NULL DEFAULT false,
        updated_at timestamptz NOT NULL
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE sso_settings`);
  }
}
