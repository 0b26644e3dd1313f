import type { ChildProcess } from 'node:child_process';
import { DisposableRedis } from '../support/disposable-redis';
import { freePort } from '../support/free-port';
import { createTenant } from '../support/fixtures';
import { createDocument, createGroup, createPerson, eventually } from '../support/membership-fixtures';
import { startTestApp, TestApp } from '../support/test-app';
import { startWorkerProcess, stopProcess } from '../support/worker-child';
import { startWebhookReceiver, WebhookReceiver } from '../support/webhook-receiver';

/** Private receivers allowed, and retries a second apart. */
const WEBHOOK_TEST_ENV = { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', WEBHOOK_RETRY_SCHEDULE: '1,1,1,1,1,1,1,1,1,1' };

interface Event {
  id: string;
  type: string;
}

describe('webhooks through a worker crash and a Redis outage', () => {
  let redis: DisposableRedis;
  let t: TestApp;
  let receiver: WebhookReceiver;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    redis = new DisposableRedis(await freePort());
    await redis.start();
    t = await startTestApp({
      env: { REDIS_URL: redis.url, WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', RATE_LIMIT_PER_MINUTE: '100000' },
    });
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    for (const child of children) await stopProcess(child, 'SIGKILL');
    await t.close();
    await receiver.stop();
    await redis.stop();
  });

  it('every event reaches the receiver at least once, and the API answers throughout', async () => {
    const tenant = await createTenant(t.app);
    const endpoint = await t.http
      .post('/api/v1/webhook-endpoints')
      .set(tenant.auth)
      .send({ url: `${receiver.url}/faults` })
      .expect(201);
    receiver.secrets = [endpoint.body.secret];
    const document = await createDocument(t.app, tenant.organizationId);
    const group = await createGroup(t.app, tenant.organizationId, { documentIds: [document.id] });
    const people = await Promise.all(Array.from({ length: 12 }, () => createPerson(t.app, tenant.organizationId)));
    const addPeople = (ids: string[]) =>
      t.http.post(`/api/v1/groups/${group.id}/people`).set(tenant.auth).send({ person_ids: ids });

    // The receiver holds its first answers past the worker's 2 s timeout: deliveries are in flight when it dies.
    receiver.script.push(...Array.from({ length: 40 }, () => 'hang' as const));
    const first = await startWorkerProcess(t, WEBHOOK_TEST_ENV);
    children.push(first);
    await addPeople(people.slice(0, 6).map((p) => p.id)).expect(200);
    await eventually(async () => receiver.received.length >= 3, 30_000, 'deliveries in flight');
    await stopProcess(first, 'SIGKILL');

    // Redis goes away (its data with it): the API still answers at once, and what it records waits in the outbox.
    await redis.stop();
    const started = Date.now();
    await addPeople(people.slice(6).map((p) => p.id)).expect(200);
    await t.http.get('/api/v1/events').set(tenant.auth).expect(200);
    expect(Date.now() - started).toBeLessThan(5_000);

    receiver.script.length = 0;
    await redis.start();
    const second = await startWorkerProcess(t, WEBHOOK_TEST_ENV);
    children.push(second);

    // The twelve requests' events, and those of the document, group and people made for them: every one is sent.
    const feed = (await t.http.get('/api/v1/events').set(tenant.auth).expect(200)).body.data as Event[];
    expect(feed.filter((event) => event.type === 'attestation_request.created')).toHaveLength(12);
    expect(feed.filter((event) => event.type === 'person.created')).toHaveLength(12);
    const delivered = () =>
      new Set(
        receiver.received
          .filter((r) => r.answered === 200 && r.verifiedWith.length > 0)
          .map((r) => r.headers['webhook-id']),
      );
    await eventually(async () => feed.every((event) => delivered().has(event.id)), 60_000, 'every event delivered');
  }, 240_000);
});
