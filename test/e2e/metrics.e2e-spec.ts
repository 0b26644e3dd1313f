import type { INestApplicationContext } from '@nestjs/common';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { FixedClock } from '@lib/core';
import { closeListener, startWorkerListener } from '../../src/worker-listener';
import { createTenant, Tenant } from '../support/fixtures';
import { createDocument, createPerson, eventually, startWorker } from '../support/membership-fixtures';
import { SmtpCapture, startSmtpCapture } from '../support/smtp-capture';
import { startTestApp, TestApp } from '../support/test-app';

/** The value of one sample of the exposition, or undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[3] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[4]);
  }
  return undefined;
}

/** Every metric docs/operations.md#metrics documents, on the API and on the worker. */
const DOCUMENTED = [
  'attest_http_requests_total',
  'attest_http_request_duration_seconds',
  'attest_rate_limit_rejections_total',
  'attest_db_pool_connections',
  'attest_db_pool_waiting',
  'attest_db_pool_max',
  'attest_outbox_pending',
  'attest_outbox_oldest_pending_age_seconds',
  'attest_emails_total',
  'attest_lifecycle_pass_runs_total',
  'attest_lifecycle_pass_duration_seconds',
];

describe('GET /metrics on the API', () => {
  let t: TestApp;
  let tenant: Tenant;
  const clock = new FixedClock(new Date('2026-11-20T10:00:00.000Z'));
  const logs: string[] = [];

  beforeAll(async () => {
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
    t = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '5', LOG_LEVEL: 'info' }, clock, logStream });
    tenant = await createTenant(t.app);
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const response = await t.http.get('/metrics').expect(200);
    return response.text;
  };

  it('answers the Prometheus text format without a token or a rate limit, and declares every documented metric', async () => {
    const response = await t.http.get('/metrics').expect(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers['x-ratelimit-limit']).toBeUndefined();
    for (const name of DOCUMENTED) expect(response.text).toContain(`# TYPE ${name} `);
    await t.http.get('/api/v1/metrics').expect(404);
  });

  it('counts and times requests by route template and status, never by raw path', async () => {
    const missing = '01jd0000000000000000000abc';
    await t.http.get(`/api/v1/people/${missing}`).set(tenant.auth).expect(404);
    await t.http.get('/api/v1/me').set(tenant.auth).expect(200);
    await t.http.get('/no/such/path-zq81').expect(404);
    const text = await scrape();
    const person = { method: 'GET', route: '/api/v1/people/:id', status: '404' };
    expect(sample(text, 'attest_http_requests_total', person)).toBe(1);
    expect(sample(text, 'attest_http_request_duration_seconds_count', person)).toBe(1);
    expect(sample(text, 'attest_http_requests_total', { route: '/api/v1/me', status: '200' })).toBe(1);
    expect(sample(text, 'attest_http_requests_total', { route: '(unmatched)', status: '404' })).toBeGreaterThanOrEqual(
      1,
    );
    expect(text).not.toContain(missing);
    expect(text).not.toContain('path-zq81');
  });

  it('counts rate-limit rejections', async () => {
    const busy = await createTenant(t.app);
    for (let i = 0; i < 5; i++) await t.http.get('/api/v1/me').set(busy.auth).expect(200);
    await t.http.get('/api/v1/me').set(busy.auth).expect(429);
    await t.http.get('/api/v1/me').set(busy.auth).expect(429);
    expect(sample(await scrape(), 'attest_rate_limit_rejections_total', { route: '/api/v1/me' })).toBe(2);
  });

  it('shows the database pool and the outbox backlog per kind with the age of its oldest email', async () => {
    let text = await scrape();
    expect(sample(text, 'attest_db_pool_max')).toBe(10);
    expect(sample(text, 'attest_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'attest_db_pool_connections', { state: 'in_use' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'attest_db_pool_waiting')).toBe(0);
    expect(sample(text, 'attest_outbox_pending', { kind: 'request_sent' })).toBeUndefined();

    // No worker runs here: the email stays in the outbox.
    const person = await createPerson(t.app, tenant.organizationId);
    const document = await createDocument(t.app, tenant.organizationId);
    await t.http
      .post('/api/v1/attestation-requests')
      .set(tenant.auth)
      .send({ person_id: person.id, document_id: document.id })
      .expect(201);
    clock.advance(90_000);
    text = await scrape();
    expect(sample(text, 'attest_outbox_pending', { kind: 'request_sent' })).toBe(1);
    expect(sample(text, 'attest_outbox_oldest_pending_age_seconds', { kind: 'request_sent' })).toBe(90);
  });

  it('writes the organization id and the token id in the request log line', async () => {
    await t.http.get('/api/v1/me').set(tenant.auth).expect(200);
    const line = logs
      .flatMap((chunk) => chunk.split('\n'))
      .filter((entry) => entry.includes('"url":"/api/v1/me"'))
      .map((entry) => JSON.parse(entry) as Record<string, unknown>)
      .at(-1);
    expect(line).toMatchObject({ organizationId: tenant.organizationId, tokenId: tenant.tokenId });
    expect(JSON.stringify(line)).not.toContain(tenant.token);
  });
});

describe('METRICS_TOKEN', () => {
  let t: TestApp;
  const token = 'metrics-secret-0123456789';
  beforeAll(async () => {
    t = await startTestApp({ env: { METRICS_TOKEN: token } });
  });
  afterAll(() => t.close());

  it('protects /metrics with its own bearer token, not the API one', async () => {
    const anonymous = await t.http.get('/metrics').expect(401);
    expect(anonymous.body).toEqual({ error: 'Unauthenticated.' });
    await t.http.get('/metrics').set('Authorization', 'Bearer wrong-0123456789abcdef').expect(401);
    const tenant = await createTenant(t.app);
    await t.http.get('/metrics').set(tenant.auth).expect(401);
    const scraped = await t.http.get('/metrics').set('Authorization', `Bearer ${token}`).expect(200);
    expect(scraped.text).toContain('# TYPE attest_http_requests_total counter');
  });
});

describe('the worker listener (WORKER_PORT): metrics and probes', () => {
  let smtp: SmtpCapture;
  let t: TestApp;
  let worker: INestApplicationContext;
  let listener: Server;
  let tenant: Tenant;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await startTestApp({ env: { SMTP_URL: smtp.url } });
    worker = await startWorker(t, { lifecycleIntervalMs: 200 });
    listener = await startWorkerListener(worker, 0);
    tenant = await createTenant(t.app);
  });
  afterAll(async () => {
    await closeListener(listener);
    await worker.close();
    await t.close();
    await smtp.close();
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`http://127.0.0.1:${(listener.address() as AddressInfo).port}${path}`, { headers });
  const metrics = async () => (await get('/metrics')).text();

  it('serves /health/live and /health/ready in terminus format, and 404 elsewhere', async () => {
    const live = await get('/health/live');
    expect(live.status).toBe(200);
    expect(await live.json()).toMatchObject({ status: 'ok' });
    const ready = await get('/health/ready');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({
      status: 'ok',
      details: { database: { status: 'up' }, redis: { status: 'up' }, shutdown: { status: 'up' } },
    });
    const other = await get('/api/v1/me');
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ error: 'Not found.' });
  });

  it('counts emails sent, bounced and failed, and the lifecycle passes', async () => {
    const document = await createDocument(t.app, tenant.organizationId);
    const accepted = await createPerson(t.app, tenant.organizationId);
    const refused = await createPerson(t.app, tenant.organizationId);
    const later = await createPerson(t.app, tenant.organizationId);
    let deferrals = 0;
    smtp.options.rejectRecipient = (address) => {
      if (address === refused.email) return 550;
      if (address === later.email && deferrals++ < 1) return 451;
      return null;
    };
    try {
      for (const person of [accepted, refused, later]) {
        await t.http
          .post('/api/v1/attestation-requests')
          .set(tenant.auth)
          .send({ person_id: person.id, document_id: document.id })
          .expect(201);
      }
      // An email is counted when SMTP accepts it, and its outbox row is marked sent just after: wait for both.
      await eventually(
        async () => {
          const scraped = await metrics();
          return (
            sample(scraped, 'attest_emails_total', { outcome: 'sent' }) === 2 &&
            sample(scraped, 'attest_outbox_pending', { kind: 'request_sent' }) === undefined
          );
        },
        15_000,
        'two emails sent and none left pending',
      );
      const text = await metrics();
      expect(sample(text, 'attest_emails_total', { outcome: 'bounced' })).toBe(1);
      expect(sample(text, 'attest_emails_total', { outcome: 'failed' })).toBe(1);
      expect(sample(text, 'attest_outbox_pending', { kind: 'request_sent' })).toBeUndefined();
    } finally {
      smtp.options.rejectRecipient = undefined;
    }
    await eventually(
      async () =>
        (sample(await metrics(), 'attest_lifecycle_pass_runs_total', { pass: 'send-due-reminders', outcome: 'ok' }) ??
          0) >= 1,
      10_000,
      'a reminder pass',
    );
    const text = await metrics();
    expect(
      sample(text, 'attest_lifecycle_pass_duration_seconds_count', { pass: 'send-due-reminders' }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'attest_http_requests_total', { route: '/metrics', status: '200' })).toBeGreaterThanOrEqual(1);
  });
});
