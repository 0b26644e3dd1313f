import { MigrationInterface, QueryRunner } from 'typeorm';

const INDEXES = [
  // Case-insensitive, as RFC 7643 defines userName (caseExact false).
  `people_user_name_unique ON people (organization_id, lower(user_name)) WHERE user_name IS NOT NULL`,
  `people_external_id_unique ON people (organization_id, external_id) WHERE external_id IS NOT NULL`,
  `groups_external_id_unique ON groups (organization_id, external_id) WHERE external_id IS NOT NULL`,
];

/**
 * Uniqueness of the directory's names per organization. Built CONCURRENTLY, outside a transaction (`transaction =
 * false`; migrations run one transaction each), so writes to people and groups go on while the index is built on
 * the large seed. Partial: the people no directory provisioned, nearly all of them at first, add no entry. A build
 * interrupted leaves an invalid index, which `IF NOT EXISTS` would keep: it is dropped and built again.
 */
export class ScimIdentityIndexes1767100000001 implements MigrationInterface {
  name = 'ScimIdentityIndexes1767100000001';
  transaction = false;

  async up(db: QueryRunner): Promise<void> {
    for (const index of INDEXES) {
      const name = index.split(' ')[0];
      await db.query(`DROP INDEX CONCURRENTLY IF EXISTS ${name}`);
      await db.query(`CREATE UNIQUE INDEX CONCURRENTLY ${index}`);
    }
  }

  /** Plainly: TypeORM reverts inside a transaction whatever `transaction` says, and a drop is quick anyway. */
  async down(db: QueryRunner): Promise<void> {
    for (const index of INDEXES) await db.query(`DROP INDEX IF EXISTS ${index.split(' ')[0]}`);
  }
}
