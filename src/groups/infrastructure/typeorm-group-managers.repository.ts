import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { activeManager, readRows } from '../../database/typeorm-unit-of-work';
import { GroupManager, GroupManagerRepository } from '../application/group-managers.repository';

@Injectable()
export class TypeormGroupManagerRepository extends GroupManagerRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {
    super();
  }

  async listOf(organizationId: string, groupId: string): Promise<GroupManager[]> {
    const rows = await readRows<{ user_id: string; name: string; email: string }>(
      this.db,
      `SELECT u.id AS user_id, u.name, u.email
         FROM group_managers gm
         JOIN organization_memberships om ON om.organization_id = gm.organization_id AND om.user_id = gm.user_id
         JOIN users u ON u.id = gm.user_id
        WHERE gm.group_id = $1 AND gm.organization_id = $2 AND om.role = 'group_manager'
        ORDER BY u.name, u.id`,
      [groupId, organizationId],
    );
    return rows.map((row) => ({ userId: row.user_id, name: row.name, email: row.email }));
  }

  async findGroupManagers(organizationId: string, userIds: readonly string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows: { user_id: string }[] = await activeManager(this.db).query(
      `SELECT user_id FROM organization_memberships
        WHERE organization_id = $1 AND user_id = ANY($2::varchar[]) AND role = 'group_manager'
        FOR SHARE`,
      [organizationId, userIds],
    );
    return new Set(rows.map((row) => row.user_id));
  }

  async replace(
    organizationId: string,
    groupId: string,
    userIds: readonly string[],
    now: Date,
  ): Promise<{ added: string[]; removed: string[] }> {
    const manager = activeManager(this.db);
    await manager.query(`SELECT 1 FROM groups WHERE id = $1 AND organization_id = $2 FOR UPDATE`, [
      groupId,
      organizationId,
    ]);
    const [removed]: [{ user_id: string }[], number] = await manager.query(
      `DELETE FROM group_managers WHERE group_id = $1 AND NOT (user_id = ANY($2::varchar[])) RETURNING user_id`,
      [groupId, userIds],
    );
    const added: { user_id: string }[] = await manager.query(
      `INSERT INTO group_managers (group_id, user_id, organization_id, created_at)
       SELECT $1, unnest($2::varchar[]), $3, $4
       ON CONFLICT (group_id, user_id) DO NOTHING RETURNING user_id`,
      [groupId, userIds, organizationId, now],
    );
    return { added: added.map((row) => row.user_id).sort(), removed: removed.map((row) => row.user_id).sort() };
  }
}
