import { MigrationInterface, QueryRunner } from 'typeorm';

/** A membership's slot: 16 rows per group, so concurrent adds of different people rarely wait on one counter row. */
const SLOT = `(hashtext(person_id) & 15)::smallint`;

/**
 * How many members each group has, kept as data (`group_member_totals`, 16 slots per group) so that
 * `GET /groups/{id}/people` reads at most 16 rows for its `meta.total` instead of counting the group's
 * memberships on every page (62,000 index entries for an everyone-group of the large seed's size).
 *
 * A statement trigger on `group_memberships` adds each statement's inserted and deleted rows in the writer's
 * transaction, slots in order (so two writers never wait on each other's slots in opposite orders). A removal only
 * subtracts from slots that exist: when a group is deleted its slots go first (ON DELETE CASCADE) and its
 * memberships' removal must not bring them back. `repair_group_member_totals` recounts and replaces what differs,
 * blocking membership writes meanwhile (the `counters:recount` command).
 */
export class GroupMemberTotals1766400000000 implements MigrationInterface {
  name = 'GroupMemberTotals1766400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE group_member_totals (
        group_id ulid NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
        slot smallint NOT NULL,
        total bigint NOT NULL,
        PRIMARY KEY (group_id, slot)
      )`);
    const add = `
          INSERT INTO group_member_totals AS t (group_id, slot, total)
          SELECT group_id, ${SLOT}, count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
          ON CONFLICT (group_id, slot) DO UPDATE SET total = t.total + EXCLUDED.total;`;
    const subtract = `
          UPDATE group_member_totals t SET total = t.total - d.n
          FROM (SELECT group_id, ${SLOT} AS slot, count(*) AS n FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2) d
          WHERE t.group_id = d.group_id AND t.slot = d.slot;`;
    await db.query(`
      CREATE FUNCTION group_member_totals() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN ${add}
        ELSIF TG_OP = 'DELETE' THEN ${subtract}
        ELSE ${subtract} ${add}
        END IF;
        RETURN NULL;
      END $$`);
    for (const [operation, transition] of [
      ['INSERT', 'NEW TABLE AS new_rows'],
      ['DELETE', 'OLD TABLE AS old_rows'],
      ['UPDATE', 'NEW TABLE AS new_rows OLD TABLE AS old_rows'],
    ] as const) {
      await db.query(`
        CREATE TRIGGER group_member_totals_${operation.toLowerCase()} AFTER ${operation} ON group_memberships
          REFERENCING ${transition} FOR EACH STATEMENT EXECUTE FUNCTION group_member_totals()`);
    }

    await db.query(`
      CREATE FUNCTION repair_group_member_totals(p_organization varchar) RETURNS integer LANGUAGE plpgsql AS $$
      DECLARE
        fixed integer := 0;
        n integer;
      BEGIN
        LOCK TABLE groups, group_memberships IN SHARE MODE;
        LOCK TABLE group_member_totals IN EXCLUSIVE MODE;
        CREATE TEMP TABLE expected_member_totals ON COMMIT DROP AS
        SELECT m.group_id, ${SLOT.replace('person_id', 'm.person_id')} AS slot, count(*)::bigint AS total
        FROM group_memberships m JOIN groups g ON g.id = m.group_id
        WHERE p_organization IS NULL OR g.organization_id = p_organization
        GROUP BY 1, 2;
        DELETE FROM group_member_totals t USING groups g
        WHERE g.id = t.group_id AND (p_organization IS NULL OR g.organization_id = p_organization)
          AND t.total <> coalesce((SELECT e.total FROM expected_member_totals e
                                   WHERE e.group_id = t.group_id AND e.slot = t.slot), 0);
        GET DIAGNOSTICS n = ROW_COUNT; fixed := fixed + n;
        INSERT INTO group_member_totals (group_id, slot, total)
        SELECT e.* FROM expected_member_totals e
        WHERE NOT EXISTS (SELECT 1 FROM group_member_totals t WHERE t.group_id = e.group_id AND t.slot = e.slot);
        GET DIAGNOSTICS n = ROW_COUNT; fixed := fixed + n;
        DROP TABLE expected_member_totals;
        RETURN fixed;
      END $$`);
    await db.query(`SELECT repair_group_member_totals(NULL)`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const operation of ['insert', 'delete', 'update']) {
      await db.query(`DROP TRIGGER group_member_totals_${operation} ON group_memberships`);
    }
    await db.query(`DROP FUNCTION repair_group_member_totals(varchar)`);
    await db.query(`DROP FUNCTION group_member_totals()`);
    await db.query(`DROP TABLE group_member_totals`);
  }
}
