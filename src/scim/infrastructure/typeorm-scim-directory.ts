import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { isUlid } from '@lib/core';
import { readRows } from '../../database/typeorm-unit-of-work';
import type { Group } from '../../groups/domain/group';
import type { Person } from '../../people/domain/person';
import { GroupCriteria, Listed, Member, ScimDirectory, UserCriteria, Window } from '../application/scim-directory';
import { GROUP_COLUMNS, groupFromRow, GroupRow } from '../../groups/infrastructure/group.record';
import { PERSON_COLUMNS, personFromRow, PersonRow } from '../../people/infrastructure/person.record';

/**
 * Each criterion is a fixed condition whose value is a parameter: a filter's text never reaches the SQL. User names
 * and emails compare ignoring case through the expressions their unique indexes are built on.
 */
const USER_CONDITIONS: Record<Exclude<keyof UserCriteria, 'impossible'>, (n: string) => string> = {
  id: (n) => `id = ${n}`,
  userName: (n) => `lower(user_name) = lower(${n})`,
  externalId: (n) => `external_id = ${n}`,
  email: (n) => `lower(email) = lower(${n})`,
};

const GROUP_CONDITIONS: Record<Exclude<keyof GroupCriteria, 'impossible'>, (n: string) => string> = {
  id: (n) => `id = ${n}`,
  displayName: (n) => `lower(name) = lower(${n})`,
  externalId: (n) => `external_id = ${n}`,
  memberId: (n) => `EXISTS (SELECT 1 FROM group_memberships m WHERE m.group_id = groups.id AND m.person_id = ${n})`,
};

/** The WHERE of a list: the organization first, then each criterion given, all as parameters. */
function where<C extends object>(
  base: string[],
  organizationId: string,
  criteria: C,
  conditions: Record<string, (n: string) => string>,
): { text: string; values: unknown[] } {
  const values: unknown[] = [organizationId];
  const parts = [...base];
  for (const [key, condition] of Object.entries(conditions)) {
    const value = (criteria as Record<string, unknown>)[key];
    if (value === undefined) continue;
    values.push(key === 'id' || key === 'memberId' ? String(value).toLowerCase() : value);
    parts.push(condition(`$${values.length}`));
  }
  return { text: parts.join(' AND '), values };
}

/** An id that is no ULID matches nobody (and would not fit the ulid domain). */
const malformedId = (criteria: { id?: string; memberId?: string }) =>
  (criteria.id !== undefined && !isUlid(criteria.id)) ||
  (criteria.memberId !== undefined && !isUlid(criteria.memberId));

@Injectable()
export class TypeormScimDirectory extends ScimDirectory {
  constructor(@InjectDataSource() private readonly db: DataSource) {
    super();
  }

  async findUsers(organizationId: string, criteria: UserCriteria, window: Window): Promise<Listed<Person>> {
    if (malformedId(criteria)) return { total: 0, items: [] };
    const filter = where(['organization_id = $1', 'user_name IS NOT NULL'], organizationId, criteria, USER_CONDITIONS);
    const rows = await this.page<PersonRow>('people', PERSON_COLUMNS, filter, 'created_at, id', window);
    return { total: rows.total, items: rows.items.map(personFromRow) };
  }

  async findUser(organizationId: string, id: string): Promise<Person | null> {
    if (!isUlid(id)) return null;
    const [row] = await readRows<PersonRow>(
      this.db,
      `SELECT ${PERSON_COLUMNS} FROM people WHERE id = $1 AND organization_id = $2 AND user_name IS NOT NULL`,
      [id.toLowerCase(), organizationId],
    );
    return row ? personFromRow(row) : null;
  }

  async findByUserNameOrEmail(organizationId: string, userName: string, email: string): Promise<Person[]> {
    const rows = await readRows<PersonRow>(
      this.db,
      `SELECT ${PERSON_COLUMNS} FROM people WHERE organization_id = $1 ` +
        `AND (lower(user_name) = lower($2) OR lower(email) = lower($3)) ORDER BY created_at, id FOR UPDATE`,
      [organizationId, userName, email.trim()],
    );
    return rows.map(personFromRow);
  }

  async lockGroupsNamed(organizationId: string, name: string): Promise<Group[]> {
    await readRows(
      this.db,
      `SELECT pg_advisory_xact_lock(hashtextextended('scim-group:' || $1 || ':' || lower($2), 0))`,
      [organizationId, name],
    );
    const rows = await readRows<GroupRow>(
      this.db,
      `SELECT ${GROUP_COLUMNS} FROM groups WHERE organization_id = $1 AND lower(name) = lower($2) ORDER BY created_at, id FOR UPDATE`,
      [organizationId, name],
    );
    return rows.map(groupFromRow);
  }

  async findGroups(organizationId: string, criteria: GroupCriteria, window: Window): Promise<Listed<Group>> {
    if (malformedId(criteria)) return { total: 0, items: [] };
    const filter = where(['organization_id = $1'], organizationId, criteria, GROUP_CONDITIONS);
    const rows = await this.page<GroupRow>('groups', GROUP_COLUMNS, filter, 'name, id', window);
    return { total: rows.total, items: rows.items.map(groupFromRow) };
  }

  async membersOf(groupIds: readonly string[]): Promise<Map<string, Member[]>> {
    const members = new Map<string, Member[]>(groupIds.map((id) => [id, []]));
    if (groupIds.length === 0) return members;
    const rows = await readRows<{ group_id: string; id: string; first_name: string | null; last_name: string }>(
      this.db,
      `SELECT m.group_id, p.id, p.first_name, p.last_name FROM group_memberships m JOIN people p ON p.id = m.person_id ` +
        `WHERE m.group_id = ANY($1::varchar[]) ORDER BY m.group_id, m.created_at, m.person_id`,
      [groupIds],
    );
    for (const row of rows) {
      const display = row.first_name === null ? row.last_name : `${row.first_name} ${row.last_name}`;
      members.get(row.group_id)?.push({ id: row.id, display });
    }
    return members;
  }

  /** The total and one window of a list in one statement; the window is not read past the total. */
  private async page<T>(
    table: string,
    columns: string,
    filter: { text: string; values: unknown[] },
    order: string,
    window: Window,
  ): Promise<{ total: number; items: T[] }> {
    const n = filter.values.length;
    const rows = await readRows<T & { total: number }>(
      this.db,
      `SELECT t.total, r.* FROM (SELECT count(*)::int AS total FROM ${table} WHERE ${filter.text}) t ` +
        `LEFT JOIN LATERAL (SELECT ${columns} FROM ${table} WHERE ${filter.text} AND t.total > $${n + 1}::int ` +
        `ORDER BY ${order} OFFSET $${n + 1}::int LIMIT $${n + 2}::int) r ON true ORDER BY ${order
          .split(', ')
          .map((column) => `r.${column}`)
          .join(', ')}`,
      [...filter.values, window.offset, window.limit],
    );
    const total = rows[0]?.total ?? 0;
    return { total, items: rows.filter((row) => (row as { id?: string | null }).id !== null) };
  }
}
