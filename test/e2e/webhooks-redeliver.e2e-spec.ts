import type { INestApplicationContext } from '@nestjs/common';
import { newId } from '@lib/core';
import { createWorker } from '../../src/worker';
import { consoleBrowser } from '../support/console-session';
import { createTenant, Tenant } from '../support/fixtures';
import { eventually, FAST_WORKER, never } from '../support/membership-fixtures';
import { startTestApp, TestApp } from '../support/test-app';
import { startWebhookReceiver, WebhookReceiver } from '../support/webhook-receiver';

const FAST_WEBHOOKS = {
  timeoutMs: 1_000,
  relayIntervalMs: 200,
  perEndpointConcurrency: 2,
  stalledIntervalMs: 500,
  lockDurationMs: 2_000,
};

interface Attempt {
  id: string;
  event_id: string;
  attempt: number;
  status: string;
  response_status: number | null;
}

/** Delivering an attempted event again, through the API and the console's webhook page. */
describe('redelivering a webhook attempt (BullMQ worker, a receiver verifying signatures)', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let tenant: Tenant;
  let other: Tenant;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    // One retry after a failure: a redelivery numbered past it is not retried.
    t = await startTestApp({
      env: { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', WEBHOOK_RETRY_SCHEDULE: '1', RATE_LIMIT_PER_MINUTE: '100000' },
    });
    worker = await createWorker({ config: t.config }, FAST_WORKER, FAST_WEBHOOKS);
    tenant = await createTenant(t.app);
    other = await createTenant(t.app);
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await worker.close();
    await t.close();
    await receiver.stop();
  });
  beforeEach(() => {
    receiver.always = null;
    receiver.script.length = 0;
  });

  const createEndpoint = async (who: Tenant = tenant) => {
    const created = await t.http
      .post('/api/v1/webhook-endpoints')
      .set(who.auth)
      .send({ url: `${receiver.url}/hooks/${newId()}` })
      .expect(201);
    receiver.secrets = [created.body.secret];
    return created.body as { id: string; secret: string };
  };
  /** The endpoint's attempts, last attempt first (the API's clock is fixed here, the worker's is not). */
  const attempts = async (endpointId: string, who: Tenant = tenant) =>
    (
      (await t.http.get(`/api/v1/webhook-endpoints/${endpointId}/deliveries`).set(who.auth).expect(200)).body
        .data as Attempt[]
    ).sort((a, b) => b.attempt - a.attempt);
  /** Sends the test event and waits until its attempts are all recorded (none pending, none to follow). */
  const testEvent = async (endpointId: string, expectedAttempts: number) => {
    const eventId = (await t.http.post(`/api/v1/webhook-endpoints/${endpointId}/test`).set(tenant.auth).expect(202))
      .body.event_id as string;
    await eventually(
      async () => {
        const log = await attempts(endpointId);
        return log.length === expectedAttempts && log.every((a) => a.status !== 'pending');
      },
      15_000,
      'the test event settled',
    );
    return eventId;
  };
  const redeliver = (endpointId: string, attemptId: string, who: Tenant = tenant) =>
    t.http.post(`/api/v1/webhook-endpoints/${endpointId}/deliveries/${attemptId}/redeliver`).set(who.auth);

  it('delivers a failed event once more, now, with the same webhook-id and a valid signature', async () => {
    const endpoint = await createEndpoint();
    receiver.always = { status: 500 };
    const eventId = await testEvent(endpoint.id, 2);
    const [, first] = await attempts(endpoint.id);
    expect(first).toMatchObject({ attempt: 1, status: 'failed', response_status: 500 });

    receiver.always = null;
    const answer = await redeliver(endpoint.id, first.id).expect(202);
    expect(answer.body).toMatchObject({ event_id: eventId, event_type: 'webhook.test', attempt: 3, status: 'pending' });
    await eventually(async () => receiver.deliveriesOf(eventId).length === 3, 10_000, 'the redelivery');
    const received = receiver.deliveriesOf(eventId);
    expect(received.map((r) => r.answered)).toEqual([500, 500, 200]);
    expect(received[2].headers['webhook-id']).toBe(eventId);
    expect(received[2].verifiedWith).toEqual([0]);
    expect(JSON.parse(received[2].body)).toEqual(JSON.parse(received[0].body));
    await eventually(async () => (await attempts(endpoint.id))[0].status === 'succeeded', 5_000, 'recorded');
    expect((await attempts(endpoint.id)).map((a) => [a.attempt, a.status])).toEqual([
      [3, 'succeeded'],
      [2, 'failed'],
      [1, 'failed'],
    ]);
  });

  it('delivers a succeeded event again too, and a failed redelivery past the schedule is not retried', async () => {
    const endpoint = await createEndpoint();
    const eventId = await testEvent(endpoint.id, 1);
    const [delivered] = await attempts(endpoint.id);
    expect(delivered.status).toBe('succeeded');

    receiver.always = { status: 503 };
    const again = await redeliver(endpoint.id, delivered.id).expect(202);
    expect(again.body.attempt).toBe(2);
    await eventually(async () => (await attempts(endpoint.id))[0].status === 'failed', 10_000, 'the failure');
    // One retry in the schedule makes attempts 1 and 2: attempt 2 is the last, whoever made it.
    await never(() => receiver.deliveriesOf(eventId).length > 2, 2_500);
    expect((await attempts(endpoint.id)).map((a) => [a.attempt, a.status])).toEqual([
      [2, 'failed'],
      [1, 'succeeded'],
    ]);
    expect(receiver.deliveriesOf(eventId)).toHaveLength(2);
    expect(receiver.deliveriesOf(eventId).every((r) => r.headers['webhook-id'] === eventId)).toBe(true);
  });

  it("answers 404 for another organization's endpoint or attempt, another endpoint's attempt, or a bad id", async () => {
    const mine = await createEndpoint();
    const theirs = await createEndpoint(other);
    await testEvent(mine.id, 1);
    const [myAttempt] = await attempts(mine.id);
    const before = (await attempts(mine.id)).length;

    const secondOfMine = await createEndpoint();
    for (const [endpointId, attemptId, who] of [
      [theirs.id, myAttempt.id, tenant],
      [mine.id, myAttempt.id, other],
      [secondOfMine.id, myAttempt.id, tenant],
      [mine.id, newId(), tenant],
      [mine.id, 'not-an-id', tenant],
    ] as const) {
      const answer = await redeliver(endpointId, attemptId, who).expect(404);
      expect(answer.body).toEqual({ error: expect.any(String) });
    }
    expect(await attempts(mine.id)).toHaveLength(before);
  });

  describe('on the console', () => {
    it('shows "Deliver again" on failed attempts only, and the button sends the event again', async () => {
      const endpoint = await createEndpoint();
      receiver.script.push({ status: 500 });
      const eventId = await testEvent(endpoint.id, 2);
      const [succeeded, failed] = await attempts(endpoint.id);
      expect([succeeded.status, failed.status]).toEqual(['succeeded', 'failed']);

      const browser = await consoleBrowser(t, tenant);
      const page = await browser.page(`/console/webhooks/${endpoint.id}`);
      const redeliverPath = (id: string) => `/console/webhooks/${endpoint.id}/deliveries/${id}/redeliver`;
      expect(page.text).toContain(`action="${redeliverPath(failed.id)}"`);
      expect(page.text).not.toContain(`action="${redeliverPath(succeeded.id)}"`);

      // Without the form token nothing is sent.
      await browser.agent.post(redeliverPath(failed.id)).type('form').send('_csrf=wrong').expect(403);
      expect(await attempts(endpoint.id)).toHaveLength(2);

      const posted = await browser.post(redeliverPath(failed.id), {}, page.csrf);
      expect(posted.status).toBe(303);
      expect(posted.headers.location).toBe(`/console/webhooks/${endpoint.id}?done=redelivered`);
      await eventually(async () => receiver.deliveriesOf(eventId).length === 3, 10_000, 'the redelivery');
      expect(receiver.deliveriesOf(eventId)[2].verifiedWith).toEqual([0]);
      const after = await browser.page(`/console/webhooks/${endpoint.id}?done=redelivered`);
      expect(after.text).toContain('on its way again');
    });

    it("answers the console's not-found page for another organization's attempt, never a 500", async () => {
      const mine = await createEndpoint();
      const theirs = await createEndpoint(other);
      receiver.always = { status: 500 };
      await testEvent(mine.id, 2);
      const [, failed] = await attempts(mine.id);
      const intruder = await consoleBrowser(t, other);
      const { csrf } = await intruder.page(`/console/webhooks/${theirs.id}`);
      for (const path of [
        `/console/webhooks/${mine.id}/deliveries/${failed.id}/redeliver`,
        `/console/webhooks/${theirs.id}/deliveries/${failed.id}/redeliver`,
        `/console/webhooks/${theirs.id}/deliveries/nonsense/redeliver`,
      ]) {
        const answer = await intruder.post(path, {}, csrf);
        expect(answer.status).toBe(404);
        expect(answer.text).toContain('<html');
      }
      expect(await attempts(mine.id)).toHaveLength(2);
    });
  });
});
