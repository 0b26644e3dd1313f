import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { readRows } from '../../src/database/typeorm-unit-of-work';
import { UnitOfWork } from '../../src/database/unit-of-work';
import { createTenant } from '../support/fixtures';
import { createDocument, createGroup, createPerson, eventually, never } from '../support/membership-fixtures';
import { PgBouncer } from '../support/pgbouncer';
import { SmtpCapture, startSmtpCapture } from '../support/smtp-capture';
import { startTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';
import { startWebhookReceiver, WebhookReceiver } from '../support/webhook-receiver';
import { startWorkerProcess, stopProcess } from '../support/worker-child';

const RATE_LIMIT = 150;

/**
 * Three API processes (Nest applications, each with its own pool) and two worker processes, all through one
 * PgBouncer in transaction mode with four server connections: every transaction may land on a server connection
 * another process used last, so anything kept in a session (a named statement, a `SET`, a session lock) would show.
 */
describe('behind PgBouncer in transaction mode: three APIs and two workers', () => {
  let database: TestDatabase;
  let bouncer: PgBouncer;
  let smtp: SmtpCapture;
  let receiver: WebhookReceiver;
  const apps: TestApp[] = [];
  const workers: ChildProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    bouncer = new PgBouncer({ host: '127.0.0.1', port: Number(new URL(database.url).port) || 5432 }, { poolSize: 4 });
    await bouncer.start();
    smtp = await startSmtpCapture();
    receiver = await startWebhookReceiver();
    const pooled = { ...database, url: bouncer.url(database.url) };
    const env = {
      DATABASE_POOLER: 'transaction',
      DATABASE_STATEMENT_TIMEOUT_MS: '2000',
      SMTP_URL: smtp.url,
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
    };
    const redisPrefix = `test:pooler:${randomUUID().slice(0, 8)}`;
    for (let i = 0; i < 3; i++) apps.push(await startTestApp({ database: pooled, redisPrefix, env }));
    for (let i = 0; i < 2; i++) workers.push(await startWorkerProcess(apps[0], env));
  }, 240_000);
  afterAll(async () => {
    for (const worker of workers) await stopProcess(worker, 'SIGTERM');
    for (const app of apps) await app.close();
    await receiver?.stop();
    await smtp?.close();
    await bouncer?.stop();
    await database?.drop();
  });

  it('authenticates every request, with no named statement left on any server connection', async () => {
    const tenant = await createTenant(apps[0].app);
    const answers = await Promise.all(
      Array.from({ length: 45 }, (_, i) => apps[i % 3].http.get('/api/v1/me').set(tenant.auth)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(45).fill(200));
    expect(answers[44].body).toMatchObject({ id: tenant.userId, current_organization_name: tenant.organizationName });
    await apps[1].http.get('/api/v1/me').set({ Authorization: 'Bearer nope' }).expect(401);
    // Asked on several connections: the pooler lends whichever is free.
    const named = await Promise.all(
      Array.from({ length: 8 }, () =>
        readRows<{ n: number }>(apps[2].db, `SELECT count(*)::int AS n FROM pg_prepared_statements`, []),
      ),
    );
    expect(named.map((rows) => rows[0].n)).toEqual(Array(8).fill(0));
  });

  it('bounds every transaction with SET LOCAL, and leaves no setting on the server connection', async () => {
    const unitOfWork = apps[0].app.get(UnitOfWork);
    const inside = await unitOfWork.run(() =>
      readRows<{ timeout: string; jit: string }>(
        apps[0].db,
        `SELECT current_setting('statement_timeout') AS timeout, current_setting('jit') AS jit`,
        [],
      ),
    );
    expect(inside).toEqual([{ timeout: '2s', jit: 'off' }]);
    const started = Date.now();
    await expect(unitOfWork.run(() => readRows(apps[0].db, `SELECT pg_sleep(4)`, []))).rejects.toMatchObject({
      driverError: { code: '57014' },
    });
    expect(Date.now() - started).toBeLessThan(3_500);
    // The server connections keep the server's default (the pooler lends them on), and there are no more than four.
    const direct = new Client({ connectionString: database.url });
    await direct.connect();
    try {
      const sessions = await direct.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      expect(sessions.rows[0].n).toBeLessThanOrEqual(4);
      const serverDefault = (await direct.query(`SELECT current_setting('statement_timeout') AS timeout`)).rows;
      const outside = await Promise.all(
        Array.from({ length: 6 }, () =>
          readRows<{ timeout: string }>(apps[0].db, `SELECT current_setting('statement_timeout') AS timeout`, []),
        ),
      );
      expect(outside).toEqual(Array(6).fill(serverDefault));
    } finally {
      await direct.end();
    }
  }, 30_000);

  it('group adds on three APIs: emails, webhooks and the event feed exactly once; idempotent POSTs once', async () => {
    const tenant = await createTenant(apps[0].app);
    const endpoint = await apps[1].http
      .post('/api/v1/webhook-endpoints')
      .set(tenant.auth)
      .send({ url: `${receiver.url}/${tenant.organizationId}`, events: ['attestation_request.created'] })
      .expect(201);
    receiver.secrets.push(endpoint.body.secret);
    const document = await createDocument(apps[0].app, tenant.organizationId);
    const groups = await Promise.all(
      [0, 1, 2].map(() => createGroup(apps[0].app, tenant.organizationId, { documentIds: [document.id] })),
    );
    const people = await Promise.all(
      Array.from({ length: 30 }, () => createPerson(apps[0].app, tenant.organizationId)),
    );

    // Each API adds ten people to its group, every POST sent three times (once to each API) with one key.
    const keys = groups.map(() => randomUUID());
    const adds = groups.flatMap((group, g) => {
      const key = keys[g];
      const body = { person_ids: people.slice(g * 10, g * 10 + 10).map((p) => p.id) };
      return apps.map((app) =>
        app.http.post(`/api/v1/groups/${group.id}/people`).set(tenant.auth).set('Idempotency-Key', key).send(body),
      );
    });
    const answers = await Promise.all(adds);
    for (let g = 0; g < 3; g++) {
      const mine = answers.slice(g * 3, g * 3 + 3);
      // One ran; the others answered its stored response or, while it ran, 409.
      expect(mine.filter((answer) => answer.status === 200 && !answer.headers['idempotent-replayed'])).toHaveLength(1);
      for (const answer of mine) expect([200, 409]).toContain(answer.status);
    }
    const replay = await apps[2].http
      .post(`/api/v1/groups/${groups[0].id}/people`)
      .set(tenant.auth)
      .set('Idempotency-Key', keys[0])
      .send({ person_ids: people.slice(0, 10).map((p) => p.id) })
      .expect(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');

    await eventually(async () => people.every((p) => smtp.to(p.email).length >= 1), 60_000, 'an email to each');
    const delivered = () =>
      receiver.received.filter((r) => r.path === `/${tenant.organizationId}` && r.verifiedWith.length > 0);
    await eventually(async () => delivered().length >= 30, 60_000, 'thirty webhooks');
    await never(() => people.some((p) => smtp.to(p.email).length > 1) || delivered().length > 30, 2_000);
    for (const person of people) expect(smtp.to(person.email)).toHaveLength(1);
    const webhookIds = delivered().map((r) => r.headers['webhook-id']);
    expect(new Set(webhookIds).size).toBe(30);

    // The feed of created events, read page by page through different APIs, holds each once: the webhooks' events.
    const feed: string[] = [];
    let after = '';
    for (let page = 0; page < 10; page++) {
      const answer = await apps[page % 3].http
        .get(`/api/v1/events?type=attestation_request.created&limit=7${after ? `&after=${after}` : ''}`)
        .set(tenant.auth)
        .expect(200);
      feed.push(...answer.body.data.map((event: { id: string }) => event.id));
      if (!answer.body.has_more) break;
      after = answer.body.data.at(-1).id;
    }
    expect(feed).toHaveLength(30);
    expect([...feed].sort()).toEqual([...webhookIds].sort());
  }, 180_000);

  it('limits a token exactly across the three APIs', async () => {
    const tenant = await createTenant(apps[0].app);
    const answers = await Promise.all(
      Array.from({ length: RATE_LIMIT + 15 }, (_, i) => apps[i % 3].http.get('/api/v1/me').set(tenant.auth)),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(RATE_LIMIT);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(15);
  }, 60_000);
});
