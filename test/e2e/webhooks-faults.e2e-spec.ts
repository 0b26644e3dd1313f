import { ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { DisposableRedis } from '../support/disposable-redis';
import { createTenant } from '../support/fixtures';
import { createDocument, createGroup, createPerson, eventually } from '../support/membership-fixtures';
import { startTestApp, TestApp } from '../support/test-app';
import { startWebhookReceiver, WebhookReceiver } from '../support/webhook-receiver';

const ROOT = resolve(__dirname, '../..');
/** Issue 11's range of spare ports. */
const REDIS_PORT = 56231;

/** `test/support/worker-process.ts` as a child process, so it can be killed for real. */
async function spawnWorker(t: TestApp): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['-r', 'ts-node/register', '-r', 'tsconfig-paths/register', 'test/support/worker-process.ts'],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        TS_NODE_TRANSPILE_ONLY: '1',
        TS_NODE_PROJECT: 'tsconfig.json',
        DATABASE_URL: t.database.url,
        REDIS_URL: t.config.redisUrl,
        REDIS_PREFIX: t.config.redisPrefix,
        APP_URL: t.config.appUrl,
        APP_KEY: t.config.appKey,
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
        WEBHOOK_RETRY_SCHEDULE: '1,1,1,1,1,1,1,1,1,1',
        LOG_LEVEL: 'silent',
      },
    },
  );
  let output = '';
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`worker did not start: ${output}`)), 90_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('worker ready')) {
        clearTimeout(timer);
        ready();
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`worker exited (${code}): ${output}`));
    });
  });
  return child;
}

function kill(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', () => done());
    child.kill('SIGKILL');
  });
}

describe('webhooks through a worker crash and a Redis outage', () => {
  const redis = new DisposableRedis(REDIS_PORT);
  let t: TestApp;
  let receiver: WebhookReceiver;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    await redis.start();
    t = await startTestApp({
      env: { REDIS_URL: redis.url, WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', RATE_LIMIT_PER_MINUTE: '100000' },
    });
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    for (const child of children) await kill(child);
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
    const first = await spawnWorker(t);
    children.push(first);
    await addPeople(people.slice(0, 6).map((p) => p.id)).expect(200);
    await eventually(async () => receiver.received.length >= 3, 30_000, 'deliveries in flight');
    await kill(first);

    // Redis goes away (its data with it): the API still answers at once, and what it records waits in the outbox.
    await redis.stop();
    const started = Date.now();
    await addPeople(people.slice(6).map((p) => p.id)).expect(200);
    await t.http.get('/api/v1/events').set(tenant.auth).expect(200);
    expect(Date.now() - started).toBeLessThan(5_000);

    receiver.script.length = 0;
    await redis.start();
    const second = await spawnWorker(t);
    children.push(second);

    const feed = (await t.http.get('/api/v1/events').set(tenant.auth).expect(200)).body.data as { id: string }[];
    expect(feed).toHaveLength(12);
    const delivered = () =>
      new Set(
        receiver.received
          .filter((r) => r.answered === 200 && r.verifiedWith.length > 0)
          .map((r) => r.headers['webhook-id']),
      );
    await eventually(async () => feed.every((event) => delivered().has(event.id)), 60_000, 'every event delivered');
  }, 240_000);
});
