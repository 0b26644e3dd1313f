import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The directory's names for a person and a group (SCIM): `external_id` (the identity provider's own id) and a
 * person's `user_name` (usually the email or UPN). Nullable columns without a default: PostgreSQL only records them
 * in the catalog, no row is rewritten, so the large seed takes this in milliseconds under its brief lock.
 */
export class ScimIdentityColumns1767100000000 implements MigrationInterface {
  name = 'ScimIdentityColumns1767100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`SET LOCAL lock_timeout = '5s'`);
    await db.query(`ALTER TABLE people ADD COLUMN external_id varchar(255), ADD COLUMN user_name varchar(255)`);
    await db.query(`ALTER TABLE groups ADD COLUMN external_id varchar(255)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE groups DROP COLUMN external_id`);
    await db.query(`ALTER TABLE people DROP COLUMN external_id, DROP COLUMN user_name`);
  }
}
