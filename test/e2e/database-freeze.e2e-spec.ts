import type { INestApplicationContext } from '@nestjs/common';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import { isInfrastructureOutage } from '@lib/http';
import { RequestLifecycle } from '../../src/attestation-requests/request-lifecycle';
import { migrate } from '../../src/database/migrate';
import { RelayStaleNotifications } from '../../src/notifications/application/relay-stale-notifications.use-case';
import { closeListener, startWorkerListener } from '../../src/worker-listener';
import { createTenant, Tenant } from '../support/fixtures';
import { startWorker } from '../support/membership-fixtures';
import { PrivatePostgres } from '../support/private-postgres';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * A PostgreSQL that stops answering without closing its sockets (a frozen VM, a half-open failover): SIGSTOP on
 * the test's own server (on a free port). Every request, probe and background pass must end
 * within its bound with the contract's 503, and everything must work again, unaided, once it answers (SIGCONT).
 * Bounds under test: statement_timeout 1 s, so the client-side query deadline is 2 s (and up to a 250 ms sweep); a pooled connection is waited for 3 s.
 */
const STATEMENT_TIMEOUT_MS = 1000;
const BOUND_MS = 3000 + 1500; // the longest wait (for a connection) plus scheduling slack on a loaded machine

describe('PostgreSQL frozen (SIGSTOP) and thawed (SIGCONT)', () => {
  const postgres = new PrivatePostgres();
  let t: TestApp;
  let worker: INestApplicationContext;
  let listener: Server;
  let tenant: Tenant;

  beforeAll(async () => {
    await postgres.start();
    const url = await postgres.createDatabase('attest_freeze');
    await migrate(url);
    t = await startTestApp({
      database: { url, name: 'attest_freeze', drop: async () => undefined },
      env: { DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS) },
    });
    worker = await startWorker(t, { lifecycleIntervalMs: 3_600_000 });
    listener = await startWorkerListener(worker, 0);
    tenant = await createTenant(t.app);
  }, 60_000);

  afterAll(async () => {
    postgres.thaw();
    await closeListener(listener);
    await worker?.close();
    await t?.close();
    await postgres.stop();
  }, 30_000);

  const workerGet = (path: string) =>
    fetch(`http://127.0.0.1:${(listener.address() as AddressInfo).port}${path}`).then((response) => response.status);

  async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
    const started = Date.now();
    const value = await work();
    return { value, ms: Date.now() - started };
  }

  it('sets a server-side statement_timeout (and jit off) on every pooled connection, and a statement over it is a 503', async () => {
    const db = t.app.get(DataSource);
    const [{ statement_timeout }] = await db.query('SHOW statement_timeout');
    expect(statement_timeout).toBe('1s');
    // And no JIT compilation: every statement here is short.
    const [{ jit }] = await db.query('SHOW jit');
    expect(jit).toBe('off');
    const error = await db.query('SELECT pg_sleep(3)').catch((caught: unknown) => caught);
    expect(isInfrastructureOutage(error)).toBe(true);
  });

  it('answers 503 with Retry-After within its bound while frozen, and recovers by itself after SIGCONT', async () => {
    // Warm connections in the pool: the case that hung forever before (a query sent on an open socket).
    await Promise.all(Array.from({ length: 6 }, () => t.http.get('/api/v1/people').set(tenant.auth).expect(200)));
    expect(await workerGet('/health/ready')).toBe(200);

    postgres.freeze();
    try {
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => timed(() => t.http.get('/api/v1/people').set(tenant.auth))),
      );
      for (const { value, ms } of answers) {
        expect(value.status).toBe(503);
        expect(value.body).toEqual({ error: 'Service Unavailable.' });
        expect(value.headers['retry-after']).toBe('5');
        expect(ms).toBeLessThan(BOUND_MS * 2); // some wait for a connection, then for their query
      }
      console.info(
        `PostgreSQL frozen: 12 requests answered 503 in at most ${Math.max(...answers.map((a) => a.ms))} ms`,
      );
      const ready = await timed(() => t.http.get('/health/ready'));
      expect(ready.value.status).toBe(503);
      expect(ready.ms).toBeLessThan(BOUND_MS);

      // The worker: its probe, the relay pass and a lifecycle pass all end (in failure) within their bounds.
      const workerReady = await timed(() => workerGet('/health/ready'));
      expect(workerReady.value).toBe(503);
      expect(workerReady.ms).toBeLessThan(BOUND_MS);
      const relay = await timed(() =>
        worker
          .get(RelayStaleNotifications)
          .execute()
          .then(
            () => 'ok',
            () => 'failed',
          ),
      );
      expect(relay.value).toBe('failed');
      expect(relay.ms).toBeLessThan(BOUND_MS * 2);
      const pass = await timed(() =>
        worker
          .get(RequestLifecycle)
          .run('expire-overdue-requests')
          .then(
            () => 'ok',
            () => 'failed',
          ),
      );
      expect(pass.value).toBe('failed');
      expect(pass.ms).toBeLessThan(BOUND_MS * 2);
    } finally {
      postgres.thaw();
    }

    const thawed = Date.now();
    let status = 0;
    while (status !== 200 && Date.now() - thawed < 15_000) {
      status = (await t.http.get('/api/v1/people').set(tenant.auth)).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const recoveredMs = Date.now() - thawed;
    console.info(`PostgreSQL thawed: API answering 200 again after ${recoveredMs} ms`);
    expect(status).toBe(200);
    // Every pooled connection works again: a burst is all 200.
    const burst = await Promise.all(Array.from({ length: 12 }, () => t.http.get('/api/v1/people').set(tenant.auth)));
    expect(burst.map((response) => response.status)).toEqual(Array(12).fill(200));
    expect(await workerGet('/health/ready')).toBe(200);
    await expect(worker.get(RelayStaleNotifications).execute()).resolves.toBeGreaterThanOrEqual(0);
    await expect(worker.get(RequestLifecycle).run('expire-overdue-requests')).resolves.toBeGreaterThanOrEqual(0);
  }, 90_000);
});
