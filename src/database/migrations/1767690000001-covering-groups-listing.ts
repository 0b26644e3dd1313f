import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `GET /groups` reads its page from groups_listing in (name, id) order, then each row from the table: the page's
 * groups lie wherever they were created, so the heap pages read grew with the organization's groups (5 buffers for
 * a first page of 25 among 200 groups, 8 among 1,000). With the listed columns in the index the page is an
 * index-only scan: the same 3 buffers at any size. The groups table is small (an organization has hundreds to
 * thousands), so the build is short; the old index is dropped once the new one serves.
 */
export class CoveringGroupsListing1767690000001 implements MigrationInterface {
  name = 'CoveringGroupsListing1767690000001';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER INDEX groups_listing RENAME TO groups_listing_uncovered`);
    await db.query(
      `CREATE INDEX groups_listing ON groups (organization_id, name, id)
         INCLUDE (auto_issue_requests, external_id, created_at, updated_at)`,
    );
    await db.query(`DROP INDEX groups_listing_uncovered`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX groups_listing`);
    await db.query(`CREATE INDEX groups_listing ON groups (organization_id, name, id)`);
  }
}
