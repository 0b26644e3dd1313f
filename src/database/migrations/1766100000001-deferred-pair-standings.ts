import { MigrationInterface, QueryRunner } from 'typeorm';

/** The transaction-local setting under which new assignments and requests leave their standings for later. */
const PAIR_STANDINGS_SETTING = 'attest.pair_standings';

const INSERT_TRIGGERS = [
  ['document_assignments', 'document_assignments_standings_insert', 'document_assignments_standings'],
  ['attestation_requests', 'attestation_requests_standings_insert', 'attestation_requests_standings'],
] as const;

/**
 * One standing write per (person, document) pair in a group add (StandingsByRevision1765200000000 for the model).
 * A group add inserts a pair's assignment, then its request: the assignment's trigger inserted the pair's standing
 * (`unrequested`) and the request's trigger moved it (`pending`), two writes of the row and two delta rows per pair.
 * Now a transaction that sets `attest.pair_standings` to `deferred` (transaction-local) skips both insert triggers,
 * and must then compute the standings of every pair it inserted, once both are in, with
 * `assign_attestation_standings` (a direct insert of the computed row where the pair has none, a recompute under
 * lock where it has): one write per pair. This is exact for the same reason the direct insert is: a concurrent
 * writer of the same pair either commits before our computation's snapshot and leaves a row (ours then conflicts
 * and recomputes under lock) or finds our row, or our uncommitted assignment, and waits for our commit.
 */
export class DeferredPairStandings1766100000001 implements MigrationInterface {
  name = 'DeferredPairStandings1766100000001';

  async up(db: QueryRunner): Promise<void> {
    for (const [table, trigger, fn] of INSERT_TRIGGERS) {
      await db.query(`DROP TRIGGER ${trigger} ON ${table}`);
      await db.query(`
        CREATE TRIGGER ${trigger} AFTER INSERT ON ${table} REFERENCING NEW TABLE AS new_rows
          FOR EACH STATEMENT
          WHEN (current_setting('${PAIR_STANDINGS_SETTING}', true) IS DISTINCT FROM 'deferred')
          EXECUTE FUNCTION ${fn}()`);
    }
  }

  async down(db: QueryRunner): Promise<void> {
    for (const [table, trigger, fn] of INSERT_TRIGGERS) {
      await db.query(`DROP TRIGGER ${trigger} ON ${table}`);
      await db.query(`
        CREATE TRIGGER ${trigger} AFTER INSERT ON ${table} REFERENCING NEW TABLE AS new_rows
          FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`);
    }
  }
}
