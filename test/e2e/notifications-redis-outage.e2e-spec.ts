import type { INestApplicationContext } from '@nestjs/common';
import { FixedClock } from '@lib/core';
import { DisposableRedis } from '../support/disposable-redis';
import { createTenant } from '../support/fixtures';
import {
  createDocument,
  createGroup,
  createPerson,
  eventually,
  never,
  startWorker,
} from '../support/membership-fixtures';
import { SmtpCapture, startSmtpCapture } from '../support/smtp-capture';
import { startTestApp, TestApp } from '../support/test-app';
import { freePort } from '../support/free-port';

describe('notifications when Redis is down during a group add', () => {
  let redis: DisposableRedis;
  let smtp: SmtpCapture;
  let t: TestApp;
  let worker: INestApplicationContext;
  const clock = new FixedClock(new Date());

  beforeAll(async () => {
    redis = new DisposableRedis(await freePort());
    await redis.start();
    smtp = await startSmtpCapture();
    t = await startTestApp({ clock, env: { REDIS_URL: redis.url, SMTP_URL: smtp.url } });
    worker = await startWorker(t);
  });
  afterAll(async () => {
    await worker?.close();
    await t?.close();
    await smtp?.close();
    await redis?.stop();
  });

  it('answers 200 while Redis is down, and the emails arrive once it is back', async () => {
    const tenant = await createTenant(t.app);
    const documents = [
      await createDocument(t.app, tenant.organizationId),
      await createDocument(t.app, tenant.organizationId),
    ];
    const group = await createGroup(t.app, tenant.organizationId, { documentIds: documents.map((d) => d.id) });
    const people = await Promise.all(Array.from({ length: 3 }, () => createPerson(t.app, tenant.organizationId)));

    await redis.stop();
    const started = Date.now();
    const response = await t.http
      .post(`/api/v1/groups/${group.id}/people`)
      .set(tenant.auth)
      .send({ person_ids: people.map((p) => p.id) });
    expect(response.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(response.body.data).toHaveLength(3);

    // Committed in the outbox, not on the queue.
    const pending = await t.db.query(`SELECT status, relayed_at FROM notifications ORDER BY id`);
    expect(pending).toEqual(Array(3).fill({ status: 'pending', relayed_at: null }));
    await never(() => smtp.messages.length > 0, 1_000);

    await redis.start();
    // The periodic relay takes notifications its grace period after their commit.
    clock.advance(60_000);
    await eventually(
      async () => people.every((p) => smtp.to(p.email).length === 1),
      20_000,
      'every email after the outage',
    );
    await never(() => people.some((p) => smtp.to(p.email).length > 1), 1_000);
    const rows = await t.db.query(`SELECT status FROM notifications`);
    expect(rows).toEqual(Array(3).fill({ status: 'sent' }));
  });
});
