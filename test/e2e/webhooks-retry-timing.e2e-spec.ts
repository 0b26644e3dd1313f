import type { INestApplicationContext } from '@nestjs/common';
import { SystemClock } from '@lib/core';
import { createWorker } from '../../src/worker';
import { createTenant } from '../support/fixtures';
import { createDocument, createGroup, createPerson, eventually, FAST_WORKER } from '../support/membership-fixtures';
import { startTestApp, TestApp } from '../support/test-app';
import { startWebhookReceiver, WebhookReceiver } from '../support/webhook-receiver';

const TIMEOUT_MS = 1_500;
const EVENTS = 24;

/**
 * Retries come when the schedule says, counted from the end of each attempt: with WEBHOOK_RETRY_SCHEDULE=1,1,1,1
 * and an endpoint that never answers, each retry starts about timeout + 1 s after the attempt before it started,
 * however many attempts to that endpoint are in flight, while an answering endpoint beside it gets everything.
 */
describe('webhook retries on a hanging endpoint', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let hanging: WebhookReceiver;
  let fast: WebhookReceiver;

  beforeAll(async () => {
    const clock = new SystemClock();
    t = await startTestApp({
      clock,
      env: {
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
        WEBHOOK_RETRY_SCHEDULE: '1,1,1,1',
        RATE_LIMIT_PER_MINUTE: '100000',
      },
    });
    // The production caps per endpoint (32 exchanges, 4 jobs), a short timeout.
    worker = await createWorker({ config: t.config, clock }, FAST_WORKER, {
      timeoutMs: TIMEOUT_MS,
      relayIntervalMs: 200,
      stalledIntervalMs: 1_000,
      lockDurationMs: 5_000,
    });
    hanging = await startWebhookReceiver();
    hanging.always = 'hang';
    fast = await startWebhookReceiver();
  });
  afterAll(async () => {
    await worker.close();
    await t.close();
    await hanging.stop();
    await fast.stop();
  });

  it('starts each retry within the schedule of the attempt before it ending, not of its batch', async () => {
    const tenant = await createTenant(t.app);
    // The requests' events only: the people, document and group made below record theirs in other transactions.
    for (const receiver of [hanging, fast]) {
      await t.http
        .post('/api/v1/webhook-endpoints')
        .set(tenant.auth)
        .send({ url: `${receiver.url}/hooks`, events: ['attestation_request.created'] })
        .expect(201);
    }
    const document = await createDocument(t.app, tenant.organizationId);
    const group = await createGroup(t.app, tenant.organizationId, { documentIds: [document.id] });
    const people = [];
    for (let i = 0; i < EVENTS; i++) people.push(await createPerson(t.app, tenant.organizationId));
    // One transaction, EVENTS events: one batch per endpoint.
    await t.http
      .post(`/api/v1/groups/${group.id}/people`)
      .set(tenant.auth)
      .send({ person_ids: people.map((p) => p.id) })
      .expect(200);

    await eventually(async () => new Set(fast.received.map((r) => r.headers['webhook-id'])).size === EVENTS, 15_000);
    // 1 + 4 attempts of each event at the hanging endpoint.
    await eventually(
      async () => hanging.received.length >= EVENTS * 5,
      60_000,
      'every attempt at the hanging endpoint',
    );

    const gaps: number[] = [];
    const byEvent = new Map<string, number[]>();
    for (const r of hanging.received) {
      const id = String(r.headers['webhook-id']);
      byEvent.set(id, [...(byEvent.get(id) ?? []), r.at]);
    }
    expect(byEvent.size).toBe(EVENTS);
    for (const times of byEvent.values()) {
      expect(times).toHaveLength(5);
      for (let i = 1; i < times.length; i++) gaps.push(times[i] - times[i - 1]);
    }
    gaps.sort((a, b) => a - b);
    const median = gaps[Math.floor(gaps.length / 2)];
    const worst = gaps[gaps.length - 1];
    // Arrivals less than 300 ms apart came in one job: more jobs per round than the endpoint's 4 slots queue.
    const arrivals = hanging.received.map((r) => r.at).sort((a, b) => a - b);
    const clusters = arrivals.filter((at, i) => i === 0 || at - arrivals[i - 1] >= 300).length;
    console.info(
      `hanging endpoint, timeout ${TIMEOUT_MS} ms + 1 s schedule: gap between attempts median ${median} ms, max ` +
        `${worst} ms; ${arrivals.length} attempts arrived in ${clusters} bursts`,
    );
    // timeout + 1 s, plus room for recording and relaying on a busy machine.
    expect(worst).toBeLessThan(TIMEOUT_MS + 1_000 + 1_500);
  }, 120_000);
});
