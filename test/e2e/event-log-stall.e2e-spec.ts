import type { INestApplicationContext } from '@nestjs/common';
import { Writable } from 'node:stream';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { SystemClock } from '@lib/core';
import { EventLogWatch } from '../../src/events/event-log-watch';
import { Metrics } from '../../src/metrics/metrics';
import { createWorker } from '../../src/worker';
import { issueRequest } from '../support/attestation-page-fixtures';
import { createTenant } from '../support/fixtures';
import { eventually, FAST_WORKER } from '../support/membership-fixtures';
import { sample } from '../support/prometheus-sample';
import { startTestApp, TestApp } from '../support/test-app';
import { startWebhookReceiver, WebhookReceiver } from '../support/webhook-receiver';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * One transaction left open on the service's database (a psql session after a write, a long batch) holds back the
 * event feed and the webhooks of every organization, by design: an event is shown once no transaction that could
 * still write an earlier one is open. What an operator gets: the lag exported, a warning naming the backend, and the
 * service's own connections bounded by idle_in_transaction_session_timeout.
 */
describe('an open transaction holding the event log back', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let receiver: WebhookReceiver;
  const logLines: string[] = [];

  beforeAll(async () => {
    const clock = new SystemClock();
    // One log for both processes (nestjs-pino keeps one root logger per Node process).
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    t = await startTestApp({
      clock,
      logStream,
      env: {
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
        EVENT_LAG_WARNING_SECONDS: '1',
        RATE_LIMIT_PER_MINUTE: '100000',
        LOG_LEVEL: 'warn',
      },
    });
    worker = await createWorker({ config: t.config, clock, logStream }, FAST_WORKER, {
      timeoutMs: 1_000,
      relayIntervalMs: 200,
      fanOutIntervalMs: 200,
    });
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await worker.close();
    await t.close();
    await receiver.stop();
  });

  it('holds the feed and webhooks, exports the lag, names the blocking backend, and lets go when it ends', async () => {
    const tenant = await createTenant(t.app);
    await t.http
      .post('/api/v1/webhook-endpoints')
      .set(tenant.auth)
      .send({ url: `${receiver.url}/hooks`, events: ['attestation_request.created'] })
      .expect(201);
    // The request's event (the person and document made for it record theirs too, held back alike).
    const feed = async () =>
      (await t.http.get('/api/v1/events?type=attestation_request.created').set(tenant.auth).expect(200)).body
        .data as unknown[];
    const everything = async () =>
      (await t.http.get('/api/v1/events').set(tenant.auth).expect(200)).body.data as unknown[];
    const watch = worker.get(EventLogWatch);
    const scrape = () => worker.get(Metrics).exposition();
    expect((await watch.check())?.seconds ?? 0).toBeLessThan(1);

    // A second connection, as an operator's psql would be: in a transaction that has written (it has an id).
    const blocker = new Client({ connectionString: t.database.url, application_name: 'nightly-batch' });
    await blocker.connect();
    try {
      const [{ pid }] = (await blocker.query('SELECT pg_backend_pid() AS pid')).rows as { pid: number }[];
      await blocker.query('BEGIN');
      await blocker.query('SELECT pg_current_xact_id()');
      const { requestId } = await issueRequest(t, tenant);
      await sleep(1_500);
      expect(await everything()).toEqual([]);
      expect(receiver.received).toEqual([]);

      const lag = await watch.check();
      expect(lag?.seconds).toBeGreaterThanOrEqual(1);
      expect(lag?.blocking).toMatchObject({ pid, applicationName: 'nightly-batch' });
      const warning = logLines.map((line) => JSON.parse(line)).find((entry) => /held back/.test(entry.msg));
      expect(warning).toMatchObject({ level: 40, context: 'EventLogWatch' });
      expect(warning.msg).toContain(`pid ${pid}`);
      expect(warning.msg).toContain('application_name "nightly-batch"');
      expect(warning.msg).toContain(`xact_start ${lag!.blocking!.xactStart.toISOString()}`);
      const held = await scrape();
      expect(sample(held, 'attest_event_watermark_lag_seconds')).toBeGreaterThanOrEqual(1);
      expect(sample(held, 'attest_event_oldest_undelivered_age_seconds')).toBeGreaterThanOrEqual(1);

      await blocker.query('ROLLBACK');
      const endedAt = Date.now();
      await eventually(async () => (await feed()).length === 1, 10_000, 'the event in the feed');
      const inFeedMs = Date.now() - endedAt;
      await eventually(async () => receiver.received.length === 1, 10_000, 'the event delivered');
      console.info(`after the rollback: in the feed ${inFeedMs} ms, delivered ${receiver.received[0].at - endedAt} ms`);
      expect(JSON.parse(receiver.received[0].body).data.id).toBe(requestId);
      expect((await watch.check())?.seconds ?? 0).toBeLessThan(1);
      await eventually(
        async () => sample(await scrape(), 'attest_event_oldest_undelivered_age_seconds') === 0,
        5_000,
        'nothing left undelivered',
      );
      expect(sample(await scrape(), 'attest_event_watermark_lag_seconds')).toBeLessThan(1);
    } finally {
      await blocker.end();
    }
  }, 60_000);

  it("ends the service's own transaction left idle, so it cannot hold the log back", async () => {
    expect(await t.app.get(DataSource).query('SHOW idle_in_transaction_session_timeout')).toEqual([
      { idle_in_transaction_session_timeout: '15s' },
    ]);
    const short = await startTestApp({
      database: t.database,
      env: { DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '1000' },
    });
    try {
      const runner = short.app.get(DataSource).createQueryRunner();
      await runner.connect();
      await runner.startTransaction();
      const [{ pid }] = await runner.query('SELECT pg_backend_pid() AS pid, pg_current_xact_id()');
      await sleep(2_000);
      await expect(runner.query('SELECT 1')).rejects.toThrow();
      await runner.release().catch(() => undefined);
      const [{ n }] = await t.db.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE pid = $1', [pid]);
      expect(n).toBe(0);
    } finally {
      await short.close();
    }
  }, 30_000);
});
