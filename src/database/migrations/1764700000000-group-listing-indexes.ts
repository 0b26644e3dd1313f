import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * GET /groups/{group}/people lists members in the order they joined: this index walks them in that order
 * (the primary key is by person id). GET /documents/{id}/revisions lists revisions newest first, then by id.
 */
export class GroupListingIndexes1764700000000 implements MigrationInterface {
  name = 'GroupListingIndexes1764700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX group_memberships_listing ON group_memberships (group_id, created_at, person_id)`);
    await db.query(`
      CREATE INDEX document_revisions_listing ON document_revisions (document_id, published_at DESC, id DESC)
        WHERE published_at IS NOT NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX document_revisions_listing`);
    await db.query(`DROP INDEX group_memberships_listing`);
  }
}
