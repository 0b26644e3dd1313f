import type { INestApplicationContext } from '@nestjs/common';
import { FixedClock } from '@lib/core';
import { Metrics } from '../../src/metrics/metrics';
import { createWorker } from '../../src/worker';
import { createTenant } from '../support/fixtures';
import { eventually, FAST_WORKER } from '../support/membership-fixtures';
import { sample } from '../support/prometheus-sample';
import { startTestApp, TestApp } from '../support/test-app';
import { startWebhookReceiver, WebhookReceiver } from '../support/webhook-receiver';

describe('webhook metrics of the worker', () => {
  let t: TestApp;
  let clock: FixedClock;
  let worker: INestApplicationContext;
  let ok: WebhookReceiver;
  let failing: WebhookReceiver;

  beforeAll(async () => {
    clock = new FixedClock(new Date());
    t = await startTestApp({
      clock,
      env: { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', WEBHOOK_RETRY_SCHEDULE: '60', RATE_LIMIT_PER_MINUTE: '100000' },
    });
    worker = await createWorker({ config: t.config, clock }, FAST_WORKER, { timeoutMs: 1_000, relayIntervalMs: 200 });
    ok = await startWebhookReceiver();
    failing = await startWebhookReceiver();
    failing.always = { status: 500 };
  });
  afterAll(async () => {
    await worker.close();
    await t.close();
    await ok.stop();
    await failing.stop();
  });

  it('counts attempts by outcome and endpoint, times them, and reads the backlog and failing endpoints', async () => {
    const tenant = await createTenant(t.app);
    const endpoint = async (url: string) =>
      (await t.http.post('/api/v1/webhook-endpoints').set(tenant.auth).send({ url }).expect(201)).body.id as string;
    const good = await endpoint(`${ok.url}/hooks`);
    const bad = await endpoint(`${failing.url}/hooks`);
    const scrape = () => worker.get(Metrics).exposition();

    const before = await scrape();
    expect(sample(before, 'attest_webhook_attempts_pending')).toBe(0);
    expect(sample(before, 'attest_webhook_endpoints_failing')).toBe(0);
    expect(sample(before, 'attest_webhook_attempt_duration_seconds_count', { outcome: 'failed' })).toBe(0);

    for (const id of [good, good, bad]) {
      await t.http.post(`/api/v1/webhook-endpoints/${id}/test`).set(tenant.auth).expect(202);
    }
    await eventually(
      async () => sample(await scrape(), 'attest_webhook_attempts_total', { outcome: 'failed', endpoint: bad }) === 1,
      10_000,
      'the failed attempt counted',
    );
    await eventually(
      async () =>
        sample(await scrape(), 'attest_webhook_attempts_total', { outcome: 'succeeded', endpoint: good }) === 2,
      10_000,
      'the two deliveries counted',
    );
    const after = await scrape();
    expect(sample(after, 'attest_webhook_attempt_duration_seconds_count', { outcome: 'succeeded' })).toBe(2);
    expect(sample(after, 'attest_webhook_attempt_duration_seconds_count', { outcome: 'failed' })).toBe(1);
    expect(sample(after, 'attest_webhook_delivery_latency_seconds_count')).toBe(2);
    expect(sample(after, 'attest_webhook_delivery_latency_seconds_bucket', { le: '+Inf' })).toBe(2);
    // The failed attempt's retry waits 60 s: one attempt pending, not yet late; one endpoint failing.
    expect(sample(after, 'attest_webhook_attempts_pending')).toBe(1);
    expect(sample(after, 'attest_webhook_oldest_pending_age_seconds')).toBe(0);
    expect(sample(after, 'attest_webhook_endpoints_failing')).toBe(1);

    // 90 s later by the clock, the retry has been due for 30 s.
    clock.set(new Date(clock.now().getTime() + 90_000));
    expect(sample(await scrape(), 'attest_webhook_oldest_pending_age_seconds')).toBeCloseTo(30, 0);

    // The endpoint disabled: no longer counted as failing.
    await t.http.patch(`/api/v1/webhook-endpoints/${bad}`).set(tenant.auth).send({ enabled: false }).expect(200);
    expect(sample(await scrape(), 'attest_webhook_endpoints_failing')).toBe(0);
  });
});
