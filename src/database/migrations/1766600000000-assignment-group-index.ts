import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The assignments a group made, by group: deleting a group sets their `group_id` to null (its foreign key's
 * `ON DELETE SET NULL`), and without an index PostgreSQL found them by reading every assignment of every
 * organization, a cost that grows with the whole table. On the large seed (711,690 assignments), deleting a group of
 * 2,500 assignments took 100-120 ms with warm caches (446 ms cold), 40-47 ms with this index; its largest group
 * (5,000) 135-149 ms, 80-117 with it (the rest is updating the rows). Partial: assignments made one by one (`POST
 * /attestation-requests`) have no group and add nothing to it. A group add writes one more index entry a pair (2,000
 * assignments re-inserted in `psql`: 48-64 ms with it, 50-62 without, five runs each).
 */
export class AssignmentGroupIndex1766600000000 implements MigrationInterface {
  name = 'AssignmentGroupIndex1766600000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE INDEX document_assignments_group ON document_assignments (group_id) WHERE group_id IS NOT NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX document_assignments_group`);
  }
}
