import { CreateGroup } from '../../src/groups/application/create-group.use-case';
import { createTenant, Tenant } from '../support/fixtures';
import { startTestApp, TestApp } from '../support/test-app';

const API = 'http://api.test/api/v1';

describe('GET /api/v1/groups', () => {
  let t: TestApp;
  let tenant: Tenant;
  const groupNames = ['Warehouse', 'Accounting', 'Sales EMEA', 'Engineering', 'Sales APAC'];

  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    tenant = await createTenant(t.app);
    for (const name of groupNames) {
      await t.app
        .get(CreateGroup)
        .execute({ organizationId: tenant.organizationId, name, autoIssueRequests: name === 'Sales EMEA' });
    }
  });
  afterAll(() => t.close());

  const get = (who: Tenant, query: Record<string, string> = {}) =>
    t.http.get(`/api/v1/groups?${new URLSearchParams(query).toString()}`).set(who.auth);
  const names = (body: { data: { name: string }[] }) => body.data.map((g) => g.name);

  it('lists groups ordered by name ascending, in the contract’s shape', async () => {
    const now = t.clock.now().toISOString();
    const { body } = await get(tenant).expect(200);
    expect(names(body)).toEqual(['Accounting', 'Engineering', 'Sales APAC', 'Sales EMEA', 'Warehouse']);
    expect(body.data[0]).toEqual({
      id: expect.stringMatching(/^[0-7][0-9a-hjkmnp-tv-z]{25}$/),
      organization_id: tenant.organizationId,
      name: 'Accounting',
      created_at: now,
      updated_at: now,
    });
    expect(body.meta).toEqual({ current_page: 1, from: 1, last_page: 1, per_page: 25, to: 5, total: 5 });
  });

  it('orders groups of the same name by id', async () => {
    const other = await createTenant(t.app);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++)
      ids.push((await t.app.get(CreateGroup).execute({ organizationId: other.organizationId, name: 'Team' })).id);
    const { body } = await get(other).expect(200);
    expect(body.data.map((g: { id: string }) => g.id)).toEqual(ids.sort());
  });

  it('paginates with links that carry per_page', async () => {
    const { body } = await get(tenant, { per_page: '2', page: '2' }).expect(200);
    expect(names(body)).toEqual(['Sales APAC', 'Sales EMEA']);
    expect(body.links).toEqual({
      first: `${API}/groups?per_page=2&page=1`,
      last: `${API}/groups?per_page=2&page=3`,
      prev: `${API}/groups?per_page=2&page=1`,
      next: `${API}/groups?per_page=2&page=3`,
    });
    expect(body.meta).toEqual({ current_page: 2, from: 3, last_page: 3, per_page: 2, to: 4, total: 5 });
  });

  it('visits every group once when following next', async () => {
    const seen: string[] = [];
    let next: string | null = `${API}/groups?per_page=2`;
    while (next) {
      const { body }: { body: { data: { id: string; name: string }[]; links: { next: string | null } } } = await t.http
        .get(next.replace('http://api.test', ''))
        .set(tenant.auth)
        .expect(200);
      seen.push(...names(body));
      next = body.links.next;
    }
    expect(seen).toEqual(['Accounting', 'Engineering', 'Sales APAC', 'Sales EMEA', 'Warehouse']);
  });

  it('answers a page past the end with empty data', async () => {
    const { body } = await get(tenant, { page: '9' }).expect(200);
    expect(body.data).toEqual([]);
    expect(body.meta).toMatchObject({ current_page: 9, from: null, to: null, last_page: 1, total: 5 });
  });

  it.each([
    ['per_page', '0'],
    ['per_page', '101'],
    ['per_page', 'x'],
    ['page', '0'],
    ['page', '1.5'],
  ])('refuses %s=%s with 422', async (field, value) => {
    const { body } = await get(tenant, { [field]: value }).expect(422);
    expect(Object.keys(body.errors)).toEqual([field]);
  });

  it('ignores filters it does not know, archived and name included', async () => {
    const { body } = await get(tenant, { name: 'Sales', archived: 'maybe' }).expect(200);
    expect(body.meta.total).toBe(5);
    expect(body.links.first).toBe(`${API}/groups?per_page=25&page=1`);
  });

  it('never lists another organization’s groups', async () => {
    const other = await createTenant(t.app);
    await t.app.get(CreateGroup).execute({ organizationId: other.organizationId, name: 'Accounting' });
    const { body } = await get(tenant).expect(200);
    expect(body.data.every((g: { organization_id: string }) => g.organization_id === tenant.organizationId)).toBe(true);
    expect(body.meta.total).toBe(5);
    expect((await get(other).expect(200)).body.meta.total).toBe(1);
  });

  it('answers an organization without groups with an empty first page', async () => {
    const empty = await createTenant(t.app);
    const { body } = await get(empty).expect(200);
    expect(body).toMatchObject({
      data: [],
      meta: { total: 0, last_page: 1, from: null, to: null },
      links: { prev: null, next: null },
    });
  });

  it('answers 403 to a group manager', async () => {
    const manager = await createTenant(t.app, { role: 'group_manager' });
    await get(manager).expect(403);
  });
});
