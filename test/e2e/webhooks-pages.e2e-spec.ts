import { createTenant, Tenant } from '../support/fixtures';
import { startTestApp, TestApp } from '../support/test-app';

/** The endpoints and deliveries lists page through their organization's rows, each row on exactly one page. */
describe('webhook endpoints and deliveries, page by page', () => {
  let t: TestApp;
  let tenant: Tenant;
  let other: Tenant;

  beforeAll(async () => {
    t = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' } });
    tenant = await createTenant(t.app);
    other = await createTenant(t.app);
  });
  afterAll(() => t.close());

  const create = async (who: Tenant, url: string) =>
    (await t.http.post('/api/v1/webhook-endpoints').set(who.auth).send({ url }).expect(201)).body.id as string;
  const page = async (path: string, page: number) =>
    (await t.http.get(path).query({ per_page: 2, page }).set(tenant.auth).expect(200)).body as {
      data: { id: string }[];
      meta: { total: number; from: number | null; to: number | null };
    };

  it("endpoints: the organization's own three, two on page 1 and one on page 2", async () => {
    const ids = [
      await create(tenant, 'http://127.0.0.1:9/a'),
      await create(tenant, 'http://127.0.0.1:9/b'),
      await create(tenant, 'http://127.0.0.1:9/c'),
    ];
    await create(other, 'http://127.0.0.1:9/other');
    const first = await page('/api/v1/webhook-endpoints', 1);
    const second = await page('/api/v1/webhook-endpoints', 2);
    expect(first.meta).toMatchObject({ total: 3, from: 1, to: 2 });
    expect(second.meta).toMatchObject({ total: 3, from: 3, to: 3 });
    expect([...first.data, ...second.data].map((e) => e.id).sort()).toEqual([...ids].sort());
    expect((await page('/api/v1/webhook-endpoints', 3)).data).toEqual([]);
  });

  it("deliveries: an endpoint's three test attempts, two on page 1 and one on page 2", async () => {
    const endpoint = await create(tenant, 'http://127.0.0.1:9/deliveries');
    const events: string[] = [];
    for (let i = 0; i < 3; i++) {
      const sent = await t.http.post(`/api/v1/webhook-endpoints/${endpoint}/test`).set(tenant.auth).expect(202);
      events.push(sent.body.event_id);
    }
    const path = `/api/v1/webhook-endpoints/${endpoint}/deliveries`;
    const first = await page(path, 1);
    const second = await page(path, 2);
    expect(first.meta).toMatchObject({ total: 3, from: 1, to: 2 });
    expect(second.meta).toMatchObject({ total: 3, from: 3, to: 3 });
    const listed = [...first.data, ...second.data] as unknown as { id: string; event_id: string }[];
    expect(new Set(listed.map((d) => d.id)).size).toBe(3);
    expect(listed.map((d) => d.event_id).sort()).toEqual([...events].sort());
  });
});
