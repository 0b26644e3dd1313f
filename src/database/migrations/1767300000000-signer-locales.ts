import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The signer's language: a person's `locale` (null: the organization's) and the organization's `default_locale`.
 * Both are catalogue changes only: a nullable column and one with a constant default rewrite no row, so the
 * exclusive lock lasts an instant even on the largest tables. The supported languages are checked by the
 * application (one list, libs/core/src/locale.ts), not repeated in a constraint here.
 */
export class SignerLocales1767300000000 implements MigrationInterface {
  name = 'SignerLocales1767300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE people ADD COLUMN locale varchar(35)`);
    await db.query(`ALTER TABLE organizations ADD COLUMN default_locale varchar(35) NOT NULL DEFAULT 'en'`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE organizations DROP COLUMN default_locale`);
    await db.query(`ALTER TABLE people DROP COLUMN locale`);
  }
}
