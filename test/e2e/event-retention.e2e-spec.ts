import type { INestApplicationContext } from '@nestjs/common';
import { FixedClock } from '@lib/core';
import { RemoveExpiredEvents } from '../../src/events/application/remove-expired-events.use-case';
import { issueRequest } from '../support/attestation-page-fixtures';
import { createTenant, Tenant } from '../support/fixtures';
import { eventually, startWorker } from '../support/membership-fixtures';
import { startTestApp, TestApp } from '../support/test-app';
import { startWebhookReceiver, WebhookReceiver } from '../support/webhook-receiver';

/**
 * Events are kept EVENT_RETENTION_DAYS (30) and then removed by the worker's scheduled pass, with their webhook
 * attempts, in small batches; a client polling the feed still gets every event kept exactly once.
 */
describe('event retention', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    t = await startTestApp({
      clock: new FixedClock(new Date()),
      env: { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', RATE_LIMIT_PER_MINUTE: '100000' },
    });
    worker = await startWorker(t, { lifecycleIntervalMs: 300 });
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await worker.close();
    await t.close();
    await receiver.stop();
  });

  const feed = async (tenant: Tenant, query = '') =>
    (await t.http.get(`/api/v1/events${query}`).set(tenant.auth).expect(200)).body.data.map(
      (event: { id: string }) => event.id,
    ) as string[];
  /** Recorded `days` ago, as far as retention is concerned. */
  const age = (ids: string[], days: number) =>
    t.db.query(`UPDATE events SET created_at = $2::timestamptz - make_interval(days => $3) WHERE id = ANY($1)`, [
      ids,
      t.clock.now(),
      days,
    ]);
  const existing = async (ids: string[]) =>
    (await t.db.query(`SELECT id FROM events WHERE id = ANY($1) ORDER BY id`, [ids])).map((r: { id: string }) => r.id);
  const attemptsOf = async (ids: string[]) =>
    (await t.db.query(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE event_id = ANY($1)`, [ids]))[0].n;

  it('removes events older than 30 days with their webhook attempts on the worker schedule, and keeps the rest', async () => {
    const tenant = await createTenant(t.app);
    const other = await createTenant(t.app);
    const endpoint = await t.http
      .post('/api/v1/webhook-endpoints')
      .set(tenant.auth)
      .send({ url: `${receiver.url}/retention` })
      .expect(201);
    for (let i = 0; i < 3; i++) await issueRequest(t, tenant);
    await issueRequest(t, other);
    const testEvent = (
      await t.http.post(`/api/v1/webhook-endpoints/${endpoint.body.id}/test`).set(tenant.auth).expect(202)
    ).body.event_id as string;
    // Each request's events and those of the person and document made for it, every one sent to the endpoint.
    const events = await feed(tenant);
    expect(events.length).toBeGreaterThanOrEqual(3);
    const attempts = events.length + 1;
    await eventually(async () => (await attemptsOf([...events, testEvent])) === attempts, 10_000, 'every attempt');
    const otherEvents = await feed(other);
    const [kept, ...old] = [...events].reverse();

    await age([...old, testEvent, ...otherEvents], 31);
    await age([kept], 29);
    const all = [...events, testEvent, ...otherEvents];
    await eventually(async () => (await existing(all)).length === 1, 10_000, 'purge');
    expect(await existing(all)).toEqual([kept]);
    expect(await attemptsOf([...old, testEvent])).toBe(0);
    expect(await attemptsOf([kept])).toBe(1);
    expect(await feed(tenant)).toEqual([kept]);
  });

  it('keeps the exactly-once promise across a purge: a kept cursor misses nothing after it', async () => {
    const tenant = await createTenant(t.app);
    for (let i = 0; i < 6; i++) await issueRequest(t, tenant);
    // The requests' events and those of the people and documents made for them: n in all.
    const all = await feed(tenant);
    const n = all.length;
    expect(n).toBeGreaterThanOrEqual(6);
    // Two clients part-way through: one has read two events, the other all but the last three.
    const behind = (await feed(tenant, '?limit=2')).at(-1)!;
    const ahead = (await feed(tenant, `?limit=${n - 2}`)).at(-1)!;
    expect([behind, ahead]).toEqual([all[1], all[n - 3]]);

    // The last but one was recorded before the cutoff by a transaction that committed after the one before it (it
    // comes later in the feed): it stays as long as that one does, or the client there would never see it.
    await age([...all.slice(0, n - 3), all[n - 2]], 31);
    await worker.get(RemoveExpiredEvents).execute({ batchSize: 1 });
    expect(await worker.get(RemoveExpiredEvents).execute({ batchSize: 1 })).toBe(0);
    expect(await existing(all)).toEqual(all.slice(n - 3).sort());

    expect(await feed(tenant, `?after=${ahead}`)).toEqual(all.slice(n - 2));
    // The other client's cursor is gone: 422 on after, and it starts again from what is kept.
    const gone = await t.http.get(`/api/v1/events?after=${behind}`).set(tenant.auth).expect(422);
    expect(Object.keys(gone.body.errors)).toEqual(['after']);
    expect(await feed(tenant)).toEqual(all.slice(n - 3));
  });
});
