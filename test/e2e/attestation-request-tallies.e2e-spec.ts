import { Client } from 'pg';
import { createTenant, Tenant } from '../support/fixtures';
import { createDocument, createGroup, createPerson } from '../support/membership-fixtures';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * attestation_request_tallies (migration 1764300000000) hold the per status and source totals of the request
 * lists. Whatever writes the requests, however many at once, their sum must equal a recount from scratch.
 */
describe('attestation request tallies', () => {
  let t: TestApp;
  let tenant: Tenant;
  let requestIds: string[];

  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    tenant = await createTenant(t.app);
    const documents = [
      await createDocument(t.app, tenant.organizationId),
      await createDocument(t.app, tenant.organizationId),
    ];
    const group = await createGroup(t.app, tenant.organizationId, { documentIds: documents.map((d) => d.id) });
    const people = [];
    for (let i = 0; i < 15; i++) people.push(await createPerson(t.app, tenant.organizationId));
    await t.http
      .post(`/api/v1/groups/${group.id}/people`)
      .set(tenant.auth)
      .send({ person_ids: people.map((p) => p.id) })
      .expect(200);
    requestIds = (
      await t.db.query(`SELECT id FROM attestation_requests WHERE organization_id = $1`, [tenant.organizationId])
    ).map((row: { id: string }) => row.id);
    expect(requestIds).toHaveLength(30);
  });
  afterAll(() => t.close());

  async function compare(): Promise<void> {
    const recount = await t.db.query(
      `SELECT status, source, count(*)::int AS n FROM attestation_requests WHERE organization_id = $1
        GROUP BY 1, 2 ORDER BY 1, 2`,
      [tenant.organizationId],
    );
    const tallied = await t.db.query(
      `SELECT status, source, sum(requests)::int AS n FROM attestation_request_tallies WHERE organization_id = $1
        GROUP BY 1, 2 HAVING sum(requests) <> 0 ORDER BY 1, 2`,
      [tenant.organizationId],
    );
    expect(tallied).toEqual(recount);
  }

  it('equal a recount after many concurrent transactions, and stay folded into a few rows', async () => {
    await compare();
    const statuses = ['sent', 'viewed', 'bounced', 'failed', 'complained'];
    const sources = ['system', 'oauth', 'web', 'partner_center'];
    const clients = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const client = new Client({ connectionString: t.database.url });
        await client.connect();
        return client;
      }),
    );
    try {
      await Promise.all(
        clients.map(async (client, c) => {
          for (let i = 0; i < 40; i++) {
            const ids = [requestIds[(c * 7 + i) % 30], requestIds[(c * 11 + i * 3) % 30]];
            await client.query('BEGIN');
            try {
              // Several statements per transaction, some touching many rows, some changing nothing counted.
              await client.query(`UPDATE attestation_requests SET status = $2 WHERE id = $1`, [
                ids[0],
                statuses[(c + i) % statuses.length],
              ]);
              await client.query(`UPDATE attestation_requests SET source = $2 WHERE id = $1`, [
                ids[1],
                sources[(c * 3 + i) % sources.length],
              ]);
              await client.query(`UPDATE attestation_requests SET updated_at = now() WHERE id = ANY($1)`, [ids]);
              await client.query(i % 5 === 0 ? 'ROLLBACK' : 'COMMIT');
            } catch (error) {
              await client.query('ROLLBACK');
              // Two clients updating the same two rows in opposite order may deadlock; that one is rolled back.
              if (!/deadlock/.test((error as Error).message)) throw error;
            }
          }
        }),
      );
    } finally {
      await Promise.all(clients.map((client) => client.end()));
    }
    await compare();
    await t.db.query(`DELETE FROM attestation_requests WHERE id = ANY($1)`, [requestIds.slice(0, 3)]);
    await compare();
    const [{ rows }] = await t.db.query(
      `SELECT count(*)::int AS rows FROM attestation_request_tallies WHERE organization_id = $1`,
      [tenant.organizationId],
    );
    // 8 × 40 transactions wrote several hundred delta rows; folding keeps them near one per status and source.
    expect(rows).toBeLessThanOrEqual(64 + 8 * 4);
  });
});
