import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Which group managers are in charge of which groups (several per group). A row goes with its group and with the
 * user's membership of the organization; a user whose role is no longer `group_manager` keeps the rows but they
 * scope nothing (owners and administrators see the whole organization). The second index serves the viewer
 * scope's lookup (the groups one manager is in charge of) and the membership's cascade.
 */
export class GroupManagers1767000000000 implements MigrationInterface {
  name = 'GroupManagers1767000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE group_managers (
        group_id ulid NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
        user_id ulid NOT NULL,
        organization_id ulid NOT NULL,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (group_id, user_id),
        FOREIGN KEY (organization_id, user_id)
          REFERENCES organization_memberships (organization_id, user_id) ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX group_managers_manager ON group_managers (organization_id, user_id, group_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE group_managers`);
  }
}
