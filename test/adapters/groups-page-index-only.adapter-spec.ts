import { newId } from '@lib/core';
import { fetchGroupsPage } from '../../src/groups/infrastructure/groups-list.sql';
import { useTestDatabaseClient } from '../support/test-database';

/** Every node of an EXPLAIN (FORMAT JSON) plan, depth first. */
function nodesOf(plan: Record<string, unknown>): Record<string, unknown>[] {
  return [plan, ...((plan.Plans as Record<string, unknown>[] | undefined) ?? []).flatMap(nodesOf)];
}

/**
 * A page of `GET /groups` reads only groups_listing, whatever the number of groups: the heap pages of the page's
 * groups, scattered by creation order, would otherwise grow with the organization (CoveringGroupsListing migration).
 */
describe('a page of groups', () => {
  const database = useTestDatabaseClient();

  it('is an index-only scan of groups_listing, with no heap fetch once the table is vacuumed', async () => {
    const organizationId = newId();
    await database.client.query(
      `INSERT INTO organizations (id, name, billing_status, created_at, updated_at) VALUES ($1, 'Big', 'active', now(), now())`,
      [organizationId],
    );
    await database.client.query(
      `INSERT INTO groups (id, organization_id, name, auto_issue_requests, created_at, updated_at)
       SELECT $1 || lpad(n::text, 4, '0'), $2, 'Team ' || (n * 7919 % 1000), n % 4 = 0, now(), now()
       FROM generate_series(1, 1000) AS n`,
      [organizationId.slice(0, 22), organizationId],
    );
    await database.client.query(`VACUUM ANALYZE groups`);

    let plan: Record<string, unknown> = {};
    const page = await fetchGroupsPage(
      async ({ text, values }) => {
        const [{ 'QUERY PLAN': explained }] = (
          await database.client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, values)
        ).rows;
        plan = explained[0].Plan;
        return (await database.client.query(text, values)).rows;
      },
      organizationId,
      500,
      25,
    );

    expect(page.total).toBe(1000);
    expect(page.rows).toHaveLength(25);
    const groupScans = nodesOf(plan).filter((node) => node['Relation Name'] === 'groups');
    expect(groupScans).toEqual([
      expect.objectContaining({ 'Node Type': 'Index Only Scan', 'Index Name': 'groups_listing', 'Heap Fetches': 0 }),
    ]);
  });
});
