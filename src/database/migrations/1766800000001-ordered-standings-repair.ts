import { MigrationInterface, QueryRunner } from 'typeorm';

const FUNCTION = `'repair_list_counters(varchar, timestamptz)'::regprocedure`;
/** Where the recount writes the standings it found missing or wrong (StandingsByRevision migration). */
const UNORDERED = `IS DISTINCT FROM (e.bucket, e.due_at)\n        ON CONFLICT (document_id, person_id)`;
const ORDERED = `IS DISTINCT FROM (e.bucket, e.due_at)\n        ORDER BY e.document_id, e.person_id\n        ON CONFLICT (document_id, person_id)`;

/**
 * `counters:recount` (and the large seed, which loads with the triggers off and recounts once) writes the standings
 * it finds missing or wrong in the order of their primary key. In the order a hash join produced them, each row went
 * to a random leaf of attestation_standings' primary key: once that index outgrew the buffer cache (6,500,000 pairs
 * at 10x), nearly every row read and dirtied a page of its own, and the recount grew 22x for 10x data. The function's
 * definition is read back and changed in that one place, so it stays the one StandingsByRevision wrote.
 */
export class OrderedStandingsRepair1766800000001 implements MigrationInterface {
  name = 'OrderedStandingsRepair1766800000001';

  async up(db: QueryRunner): Promise<void> {
    await replaceInRepair(db, UNORDERED, ORDERED);
  }

  async down(db: QueryRunner): Promise<void> {
    await replaceInRepair(db, ORDERED, UNORDERED);
  }
}

async function replaceInRepair(db: QueryRunner, from: string, to: string): Promise<void> {
  const [{ definition }]: { definition: string }[] = await db.query(
    `SELECT pg_get_functiondef(${FUNCTION}) AS definition`,
  );
  if (definition.split(from).length !== 2) throw new Error('repair_list_counters is not the one this migration knows');
  await db.query(definition.replace(from, to));
}
