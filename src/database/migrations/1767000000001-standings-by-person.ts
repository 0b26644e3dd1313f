import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A group manager's overview reads the standings of their groups' people, person by person: the primary key leads
 * with the document, so without this index each person cost a scan of every standing. Built concurrently (outside a
 * transaction) so writes to the standings, which every request change makes, go on while it is built on a large
 * table; the included columns make the overview an index-only read.
 */
export class StandingsByPerson1767000000001 implements MigrationInterface {
  name = 'StandingsByPerson1767000000001';
  transaction = false as const;

  async up(db: QueryRunner): Promise<void> {
    // A build interrupted by a crash leaves an invalid index of this name: drop it and build again.
    await db.query(`DROP INDEX CONCURRENTLY IF EXISTS attestation_standings_person`);
    await db.query(`
      CREATE INDEX CONCURRENTLY attestation_standings_person ON attestation_standings (person_id)
        INCLUDE (document_id, bucket, revision_id, due_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX CONCURRENTLY IF EXISTS attestation_standings_person`);
  }
}
