import type { Abstract } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import { Client } from 'pg';
import { NotificationQueue } from '../../src/notifications/application/notification-queue';
import type { OutboxJob, OutboxQueue } from '../../src/outbox/application/outbox-queue';
import { WebhookQueue } from '../../src/webhooks/application/webhook-queue';
import { TEST_REDIS_URL } from '../support/environment';
import { createTenant } from '../support/fixtures';
import { createDocument, createPerson } from '../support/membership-fixtures';
import { dropRedisPrefix } from '../support/redis-keys';
import { startTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Holds the queue's adds of jobs named `name` until released; other adds go through. */
function holdAdds(queue: OutboxQueue<unknown>, name: string) {
  let reached!: () => void;
  let release!: () => void;
  const held = new Promise<void>((done) => (reached = done));
  const gate = new Promise<void>((done) => (release = done));
  const add = queue.add.bind(queue);
  jest.spyOn(queue, 'add').mockImplementation(async (jobs: readonly OutboxJob<unknown>[]) => {
    if (jobs.some((job) => job.name === name)) {
      reached();
      await gate;
    }
    return add(jobs);
  });
  return { held, release };
}

/**
 * A relay started after a commit (not awaited by the request) is still in flight when the API is asked to stop:
 * the shutdown waits for it, so its jobs reach Redis and its rows are marked before the connections close.
 */
describe('a shutdown waits for the outbox relays in flight (API on BullMQ)', () => {
  let database: TestDatabase;
  let db: Client;
  const redisPrefix = `test:${randomBytes(6).toString('hex')}`;
  const queueOn = (name: string) =>
    new Queue(name, { connection: { url: TEST_REDIS_URL }, prefix: `${redisPrefix}:queue` });

  beforeAll(async () => {
    database = await createTestDatabase();
    db = new Client({ connectionString: database.url });
    await db.connect();
  });
  afterAll(async () => {
    await db.end();
    await database.drop();
    await dropRedisPrefix(TEST_REDIS_URL, redisPrefix);
  });

  /** Stops the app while `held` relays wait; answers whether the stop was done before they were let go. */
  async function stopWhileHeld(t: TestApp, release: () => void): Promise<boolean> {
    let closed = false;
    const closing = t.app.close().then(() => (closed = true));
    await sleep(500);
    const closedEarly = closed;
    release();
    await closing;
    return closedEarly;
  }

  /** Starts the API, holds its adds of `name` jobs to one queue, and issues a request, whose commit starts a relay. */
  async function issueRequestHolding(queue: Abstract<OutboxQueue<unknown>>, name: string) {
    const t = await startTestApp({ database, redisPrefix });
    const tenant = await createTenant(t.app);
    const person = await createPerson(t.app, tenant.organizationId);
    const document = await createDocument(t.app, tenant.organizationId);
    const { held, release } = holdAdds(t.app.get(queue), name);
    await t.http
      .post('/api/v1/attestation-requests')
      .set(tenant.auth)
      .send({ person_id: person.id, document_id: document.id })
      .expect(201);
    await held;
    return { t, person, release };
  }

  it('webhooks: the attempt of a test event is queued under its id, still marked relayed', async () => {
    const t = await startTestApp({ database, redisPrefix, env: { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' } });
    const tenant = await createTenant(t.app);
    const endpoint = await t.http
      .post('/api/v1/webhook-endpoints')
      .set(tenant.auth)
      .send({ url: 'http://127.0.0.1:9/hook' })
      .expect(201);
    const { held, release } = holdAdds(t.app.get(WebhookQueue), 'attempts');
    const sent = await t.http.post(`/api/v1/webhook-endpoints/${endpoint.body.id}/test`).set(tenant.auth).expect(202);
    await held;
    const [delivery] = (
      await db.query<{ id: string }>(`SELECT id FROM webhook_deliveries WHERE event_id = $1`, [sent.body.event_id])
    ).rows;

    expect(await stopWhileHeld(t, release)).toBe(false);

    const queue = queueOn('webhooks');
    const job = await queue.getJob(delivery.id);
    await queue.close();
    expect(job?.data).toEqual({ endpointId: endpoint.body.id, deliveryIds: [delivery.id] });
    const [row] = (await db.query(`SELECT relayed_at FROM webhook_deliveries WHERE id = $1`, [delivery.id])).rows;
    expect(row.relayed_at).not.toBeNull();
  }, 60_000);

  it('notifications: the email of a new request is queued under its id, then marked relayed', async () => {
    const { t, person, release } = await issueRequestHolding(NotificationQueue, 'deliver');
    const [notification] = (
      await db.query<{ id: string }>(`SELECT id FROM notifications WHERE person_id = $1`, [person.id])
    ).rows;

    expect(await stopWhileHeld(t, release)).toBe(false);

    const queue = queueOn('notifications');
    const job = await queue.getJob(notification.id);
    await queue.close();
    expect(job?.data).toEqual({ notificationId: notification.id });
    const [row] = (await db.query(`SELECT relayed_at FROM notifications WHERE id = $1`, [notification.id])).rows;
    expect(row.relayed_at).not.toBeNull();
  }, 60_000);

  it("webhooks: the fan-out signal of a new request's events is queued", async () => {
    const { t, release } = await issueRequestHolding(WebhookQueue, 'fan-out');

    expect(await stopWhileHeld(t, release)).toBe(false);

    const queue = queueOn('webhooks');
    const waiting = await queue.getWaiting();
    await queue.close();
    expect(waiting.map((job) => job.name)).toContain('fan-out');
  }, 60_000);
});
