import type { INestApplicationContext } from '@nestjs/common';
import { FixedClock } from '@lib/core';
import { createWorker } from '../../src/worker';
import { createTenant, Tenant } from '../support/fixtures';
import { eventually, FAST_WORKER, never } from '../support/membership-fixtures';
import { startTestApp, TestApp } from '../support/test-app';
import { startWebhookReceiver, WebhookReceiver } from '../support/webhook-receiver';

const SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;
const FAST_WEBHOOKS = {
  timeoutMs: 1_000,
  relayIntervalMs: 200,
  perEndpointConcurrency: 2,
  stalledIntervalMs: 500,
  lockDurationMs: 2_000,
};

describe('webhook endpoints and deliveries (BullMQ worker, real receiver verifying with standardwebhooks)', () => {
  let t: TestApp;
  let clock: FixedClock;
  let worker: INestApplicationContext;
  let tenant: Tenant;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    clock = new FixedClock(new Date());
    t = await startTestApp({
      clock,
      env: {
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
        WEBHOOK_RETRY_SCHEDULE: '1,1,1,1',
        RATE_LIMIT_PER_MINUTE: '100000',
      },
    });
    worker = await createWorker({ config: t.config, clock }, FAST_WORKER, FAST_WEBHOOKS);
    tenant = await createTenant(t.app);
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await worker.close();
    await t.close();
    await receiver.stop();
  });
  beforeEach(() => {
    clock.set(new Date());
    receiver.script.length = 0;
    receiver.rejectUnverified = false;
  });

  const createEndpoint = async (body: object, who: Tenant = tenant) =>
    (await t.http.post('/api/v1/webhook-endpoints').set(who.auth).send(body).expect(201)).body as {
      id: string;
      secret: string;
      events: string[] | null;
    };
  const sendTest = async (endpointId: string) =>
    (await t.http.post(`/api/v1/webhook-endpoints/${endpointId}/test`).set(tenant.auth).expect(202)).body
      .event_id as string;
  const deliveries = async (endpointId: string) =>
    (await t.http.get(`/api/v1/webhook-endpoints/${endpointId}/deliveries`).set(tenant.auth).expect(200)).body.data as {
      event_id: string;
      event_type: string;
      attempt: number;
      status: string;
      response_status: number | null;
      error: string | null;
      duration_ms: number | null;
      created_at: string;
      next_attempt_at: string | null;
    }[];
  const settled = (endpointId: string, eventId: string) => async () =>
    (await deliveries(endpointId)).some(
      (d) => d.event_id === eventId && d.status !== 'pending' && d.next_attempt_at === null,
    );

  describe('managing endpoints', () => {
    it('creates an endpoint with a whsec_ secret shown once and stored encrypted', async () => {
      const before = new Date(clock.now());
      const response = await t.http
        .post('/api/v1/webhook-endpoints')
        .set(tenant.auth)
        .send({ url: `${receiver.url}/hooks`, description: 'Ops' })
        .expect(201);
      expect(response.body).toEqual({
        id: expect.stringMatching(/^[0-7][0-9a-hjkmnp-tv-z]{25}$/),
        url: `${receiver.url}/hooks`,
        events: null,
        description: 'Ops',
        enabled: true,
        created_at: before.toISOString(),
        updated_at: before.toISOString(),
        secret: expect.stringMatching(SECRET),
      });
      expect(Buffer.from(response.body.secret.slice(6), 'base64')).toHaveLength(32);
      const [row] = await t.db.query(`SELECT secret FROM webhook_endpoints WHERE id = $1`, [response.body.id]);
      expect(row.secret).not.toContain(response.body.secret.slice(6));
      expect(row.secret).toMatch(/^v1\./);

      const shown = await t.http.get(`/api/v1/webhook-endpoints/${response.body.id}`).set(tenant.auth).expect(200);
      expect(shown.body).not.toHaveProperty('secret');
      const listed = await t.http.get('/api/v1/webhook-endpoints').set(tenant.auth).expect(200);
      expect(listed.body.data.map((e: { id: string }) => e.id)).toContain(response.body.id);
      expect(listed.body.data.every((e: object) => !('secret' in e))).toBe(true);
      expect(listed.body.meta.total).toBeGreaterThanOrEqual(1);
    });

    it('updates url, events (null = all again), description and enabled; deletes with 204', async () => {
      const endpoint = await createEndpoint({ url: `${receiver.url}/a`, events: ['attestation_request.viewed'] });
      expect(endpoint.events).toEqual(['attestation_request.viewed']);
      clock.advance(1000);
      const patched = await t.http
        .patch(`/api/v1/webhook-endpoints/${endpoint.id}`)
        .set(tenant.auth)
        .send({
          url: `${receiver.url}/b`,
          events: ['attestation_request.attested', 'attestation_request.attested'],
          description: 'x',
          enabled: false,
        })
        .expect(200);
      expect(patched.body).toMatchObject({
        url: `${receiver.url}/b`,
        events: ['attestation_request.attested'],
        description: 'x',
        enabled: false,
        updated_at: clock.now().toISOString(),
      });
      const reset = await t.http
        .patch(`/api/v1/webhook-endpoints/${endpoint.id}`)
        .set(tenant.auth)
        .send({ events: null, description: null })
        .expect(200);
      expect(reset.body).toMatchObject({ events: null, description: null, enabled: false, url: `${receiver.url}/b` });
      await t.http.delete(`/api/v1/webhook-endpoints/${endpoint.id}`).set(tenant.auth).expect(204);
      await t.http.get(`/api/v1/webhook-endpoints/${endpoint.id}`).set(tenant.auth).expect(404);
      await t.http.delete(`/api/v1/webhook-endpoints/${endpoint.id}`).set(tenant.auth).expect(404);
    });

    it("answers 404 for another organization's endpoint and 403 to a group manager", async () => {
      const endpoint = await createEndpoint({ url: `${receiver.url}/mine` });
      const other = await createTenant(t.app);
      for (const [method, path] of [
        ['get', ''],
        ['patch', ''],
        ['delete', ''],
        ['post', '/rotate-secret'],
        ['post', '/test'],
        ['get', '/deliveries'],
      ] as const) {
        const call = t.http[method](`/api/v1/webhook-endpoints/${endpoint.id}${path}`).set(other.auth);
        await (method === 'patch' ? call.send({ description: 'x' }) : call).expect(404, { error: 'Not found.' });
      }
      const manager = await createTenant(t.app, { role: 'group_manager' });
      await t.http.get('/api/v1/webhook-endpoints').set(manager.auth).expect(403);
      await t.http
        .post('/api/v1/webhook-endpoints')
        .set(manager.auth)
        .send({ url: `${receiver.url}/x` })
        .expect(403);
    });

    it('refuses an unknown event type on events.N, and a 21st endpoint', async () => {
      const own = await createTenant(t.app);
      const bad = await t.http
        .post('/api/v1/webhook-endpoints')
        .set(own.auth)
        .send({ url: `${receiver.url}/x`, events: ['attestation_request.viewed', 'attestation_request.signed', 7] })
        .expect(422);
      expect(bad.body.errors).toEqual({
        'events.1': ['The selected events.1 is invalid.'],
        'events.2': ['The events.2 field must be a string.'],
      });
      await Promise.all(Array.from({ length: 20 }, (_, i) => createEndpoint({ url: `${receiver.url}/${i}` }, own)));
      const over = await t.http
        .post('/api/v1/webhook-endpoints')
        .set(own.auth)
        .send({ url: `${receiver.url}/21` })
        .expect(422);
      expect(over.body.errors).toEqual({ url: ['An organization can have at most 20 webhook endpoints.'] });
      const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM webhook_endpoints WHERE organization_id = $1`, [
        own.organizationId,
      ]);
      expect(n).toBe(20);
    });

    it('refuses http, private, loopback, link-local and unique-local URLs and long ones unless private networks are allowed', async () => {
      const strict = await startTestApp({
        database: t.database,
        env: { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'false', RATE_LIMIT_PER_MINUTE: '100000' },
      });
      try {
        const refused = [
          'http://hooks.example.com/x',
          'https://localhost/x',
          'https://api.localhost/x',
          'https://127.0.0.1/x',
          'https://10.1.2.3/x',
          'https://172.16.0.1/x',
          'https://192.168.1.1/x',
          'https://169.254.169.254/latest',
          'https://100.64.0.1/x',
          'https://0.0.0.0/x',
          'https://2130706433/x',
          'https://[::1]/x',
          'https://[fd00::1]/x',
          'https://[fe80::1]/x',
          'https://[::ffff:192.168.0.1]/x',
          'ftp://hooks.example.com/x',
          'not a url',
          `https://hooks.example.com/${'a'.repeat(2049 - 'https://hooks.example.com/'.length)}`,
        ];
        for (const url of refused) {
          const response = await strict.http.post('/api/v1/webhook-endpoints').set(tenant.auth).send({ url });
          expect({ url, status: response.status }).toEqual({ url, status: 422 });
          expect(Object.keys(response.body.errors)).toEqual(['url']);
        }
        const exactly = `https://93.184.215.14/${'a'.repeat(2048 - 'https://93.184.215.14/'.length)}`;
        await strict.http.post('/api/v1/webhook-endpoints').set(tenant.auth).send({ url: exactly }).expect(201);
        const publicOne = await strict.http
          .post('/api/v1/webhook-endpoints')
          .set(tenant.auth)
          .send({ url: 'https://93.184.215.14/hooks' })
          .expect(201);
        const patch = await strict.http
          .patch(`/api/v1/webhook-endpoints/${publicOne.body.id}`)
          .set(tenant.auth)
          .send({ url: 'https://[fc00::5]/x' })
          .expect(422);
        expect(Object.keys(patch.body.errors)).toEqual(['url']);
      } finally {
        await strict.close();
      }
    });

    it('refuses a URL with raw line breaks, tabs, or leading or trailing spaces, on creation and on update', async () => {
      const refused = [
        'https://example.com/\r\nX: y',
        'https://example.com/\nx',
        'https://exam\tple.com/x',
        ' https://example.com/x',
        'https://example.com/x ',
        'https://example.com/a b',
      ];
      const kept = await createEndpoint({ url: 'https://example.com/kept' });
      for (const url of refused) {
        const created = await t.http.post('/api/v1/webhook-endpoints').set(tenant.auth).send({ url });
        expect({ url, status: created.status, fields: Object.keys(created.body.errors ?? {}) }).toEqual({
          url,
          status: 422,
          fields: ['url'],
        });
        const updated = await t.http.patch(`/api/v1/webhook-endpoints/${kept.id}`).set(tenant.auth).send({ url });
        expect({ url, status: updated.status, fields: Object.keys(updated.body.errors ?? {}) }).toEqual({
          url,
          status: 422,
          fields: ['url'],
        });
      }
      const shown = await t.http.get(`/api/v1/webhook-endpoints/${kept.id}`).set(tenant.auth).expect(200);
      expect(shown.body.url).toBe('https://example.com/kept');
      await t.http.delete(`/api/v1/webhook-endpoints/${kept.id}`).set(tenant.auth).expect(204);
    });
  });

  describe('deliveries', () => {
    it('delivers the test event, signed as Standard Webhooks specifies; a tampered body or old timestamp fails verification', async () => {
      const endpoint = await createEndpoint({ url: `${receiver.url}/test`, events: ['attestation_request.viewed'] });
      receiver.secrets = [endpoint.secret];
      const eventId = await sendTest(endpoint.id);
      await eventually(async () => receiver.deliveriesOf(eventId).length === 1, 10_000, 'the test delivery');
      const [received] = receiver.deliveriesOf(eventId);
      expect(received.verifiedWith).toEqual([0]);
      expect(received.method).toBe('POST');
      expect(received.path).toBe('/test');
      expect(received.headers['content-type']).toBe('application/json');
      expect(received.headers['webhook-timestamp']).toBe(String(Math.floor(clock.now().getTime() / 1000)));
      expect(JSON.parse(received.body)).toEqual({
        id: eventId,
        type: 'webhook.test',
        timestamp: clock.now().toISOString(),
        data: {},
      });
      expect(received.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);

      expect(() =>
        WebhookReceiver.verify(endpoint.secret, received.headers, received.body.replace('{}', '{"x":1}')),
      ).toThrow('No matching signature found');
      const old = String(Math.floor(Date.now() / 1000) - 600);
      expect(() =>
        WebhookReceiver.verify(endpoint.secret, { ...received.headers, 'webhook-timestamp': old }, received.body),
      ).toThrow('Message timestamp too old');

      await eventually(settled(endpoint.id, eventId), 5_000, 'the attempt recorded');
      const log = await deliveries(endpoint.id);
      expect(log).toEqual([
        {
          id: expect.any(String),
          event_id: eventId,
          event_type: 'webhook.test',
          attempt: 1,
          status: 'succeeded',
          response_status: 200,
          error: null,
          duration_ms: expect.any(Number),
          created_at: clock.now().toISOString(),
          next_attempt_at: null,
        },
      ]);
      const feed = await t.db.query(`SELECT attestation_request_id FROM events WHERE id = $1`, [eventId]);
      expect(feed).toEqual([{ attestation_request_id: null }]);
    });

    it('retries after a 500, a timeout and a redirect (never followed), with the same webhook-id, until a 2xx', async () => {
      const endpoint = await createEndpoint({ url: `${receiver.url}/flaky` });
      receiver.secrets = [endpoint.secret];
      receiver.script.push({ status: 500 }, 'hang', 'redirect');
      const eventId = await sendTest(endpoint.id);
      await eventually(settled(endpoint.id, eventId), 20_000, 'the fourth attempt');
      const got = receiver.deliveriesOf(eventId);
      expect(got.map((r) => r.answered)).toEqual([500, 'hang', 'redirect', 200]);
      expect(got.every((r) => r.verifiedWith.length === 1 && r.path === '/flaky')).toBe(true);
      expect(receiver.received.some((r) => r.path === '/moved')).toBe(false);
      const log = await deliveries(endpoint.id);
      expect(log.map((d) => [d.attempt, d.status, d.response_status])).toEqual([
        [4, 'succeeded', 200],
        [3, 'failed', 302],
        [2, 'failed', null],
        [1, 'failed', 500],
      ]);
      expect(log[2].error).toMatch(/No answer within 1000 ms/);
      for (let i = 1; i < log.length; i++) {
        // A failed attempt names the time of the one that follows; that one was scheduled then.
        expect(log[i].next_attempt_at).toBe(new Date(new Date(log[i].created_at).getTime() + 1000).toISOString());
      }
      await never(() => receiver.deliveriesOf(eventId).length > 4, 1_500);
    }, 60_000);

    it('retries after connection refused, and gives up after 1 + N attempts', async () => {
      const down = await startWebhookReceiver();
      const port = down.port;
      await down.stop();
      const endpoint = await createEndpoint({ url: `http://127.0.0.1:${port}/down` });
      const eventId = await sendTest(endpoint.id);
      await eventually(async () => (await deliveries(endpoint.id)).length >= 2, 10_000, 'a retry scheduled');
      expect((await deliveries(endpoint.id)).at(-1)).toMatchObject({
        attempt: 1,
        status: 'failed',
        response_status: null,
        error: expect.stringMatching(/ECONNREFUSED/),
      });
      await eventually(settled(endpoint.id, eventId), 20_000, 'the last attempt');
      const log = await deliveries(endpoint.id);
      expect(log.map((d) => d.status)).toEqual(['failed', 'failed', 'failed', 'failed', 'failed']);
      expect(log[0]).toMatchObject({ attempt: 5, next_attempt_at: null });

      down.secrets = [endpoint.secret];
      await down.start(port);
      try {
        const second = await sendTest(endpoint.id);
        await eventually(async () => down.deliveriesOf(second).length === 1, 10_000, 'delivery once up');
        expect(down.deliveriesOf(second)[0].verifiedWith).toEqual([0]);
      } finally {
        await down.stop();
      }
    }, 60_000);

    it('signs each attempt with its own timestamp: an attempt refused as too old is retried with a fresh one', async () => {
      const endpoint = await createEndpoint({ url: `${receiver.url}/fresh` });
      receiver.secrets = [endpoint.secret];
      receiver.rejectUnverified = true;
      clock.set(new Date(Date.now() - 10 * 60_000));
      const eventId = await sendTest(endpoint.id);
      await eventually(async () => receiver.deliveriesOf(eventId).length >= 1, 10_000, 'the stale attempt');
      clock.set(new Date());
      await eventually(settled(endpoint.id, eventId), 10_000, 'the fresh attempt');
      const got = receiver.deliveriesOf(eventId);
      expect(got[0].failures[0]).toBe('Message timestamp too old');
      expect(got[0].answered).toBe(400);
      expect(got.at(-1)!.verifiedWith).toEqual([0]);
      expect(Number(got.at(-1)!.headers['webhook-timestamp'])).toBeGreaterThan(
        Number(got[0].headers['webhook-timestamp']) + 500,
      );
      expect(got.at(-1)!.headers['webhook-signature']).not.toBe(got[0].headers['webhook-signature']);
    });

    it('signs with the new and the previous secret for 24 hours after a rotation, then with the new one only', async () => {
      const endpoint = await createEndpoint({ url: `${receiver.url}/rotate` });
      const first = endpoint.secret;
      const rotated = await t.http
        .post(`/api/v1/webhook-endpoints/${endpoint.id}/rotate-secret`)
        .set(tenant.auth)
        .expect(200);
      expect(rotated.body.secret).toMatch(SECRET);
      expect(rotated.body.secret).not.toBe(first);
      const second = rotated.body.secret as string;
      receiver.secrets = [first, second];
      const during = await sendTest(endpoint.id);
      await eventually(async () => receiver.deliveriesOf(during).length === 1, 10_000, 'delivery during the overlap');
      expect(receiver.deliveriesOf(during)[0].verifiedWith).toEqual([0, 1]);
      expect(String(receiver.deliveriesOf(during)[0].headers['webhook-signature']).split(' ')).toHaveLength(2);

      // A second rotation made 25 hours ago: its previous secret (the second) no longer signs; the first never again.
      clock.set(new Date(Date.now() - 25 * 3600_000));
      const third = (
        await t.http.post(`/api/v1/webhook-endpoints/${endpoint.id}/rotate-secret`).set(tenant.auth).expect(200)
      ).body.secret as string;
      clock.set(new Date());
      receiver.secrets = [first, second, third];
      const after = await sendTest(endpoint.id);
      await eventually(async () => receiver.deliveriesOf(after).length === 1, 10_000, 'delivery after the overlap');
      expect(receiver.deliveriesOf(after)[0].verifiedWith).toEqual([2]);
      expect(String(receiver.deliveriesOf(after)[0].headers['webhook-signature']).split(' ')).toHaveLength(1);
    });

    it('a slow endpoint does not delay another', async () => {
      const slow = await startWebhookReceiver();
      try {
        const slowEndpoint = await createEndpoint({ url: `${slow.url}/slow` });
        const fastEndpoint = await createEndpoint({ url: `${receiver.url}/fast` });
        slow.script.push(...Array.from({ length: 30 }, () => 'hang' as const));
        for (let i = 0; i < 12; i++) await sendTest(slowEndpoint.id);
        await eventually(async () => slow.received.length >= 2, 5_000, 'the slow endpoint busy');
        const started = Date.now();
        const eventId = await sendTest(fastEndpoint.id);
        await eventually(async () => receiver.deliveriesOf(eventId).length === 1, 5_000, 'the fast delivery');
        expect(Date.now() - started).toBeLessThan(900);
      } finally {
        await slow.stop();
      }
    });

    it('disables an endpoint whose deliveries have all failed for 5 days; a success resets the count', async () => {
      const endpoint = await createEndpoint({ url: `${receiver.url}/sick` });
      const failing = async () => {
        receiver.script.push(...Array.from({ length: 5 }, () => ({ status: 503 })));
        const eventId = await sendTest(endpoint.id);
        await eventually(settled(endpoint.id, eventId), 20_000, 'the attempts');
      };
      const start = clock.now();
      await failing();
      const [row] = await t.db.query(`SELECT enabled, failing_since FROM webhook_endpoints WHERE id = $1`, [
        endpoint.id,
      ]);
      expect(row).toEqual({ enabled: true, failing_since: start });

      clock.advance(5 * 24 * 3600_000 - 60_000);
      await failing();
      expect((await t.http.get(`/api/v1/webhook-endpoints/${endpoint.id}`).set(tenant.auth)).body.enabled).toBe(true);
      clock.advance(60_000);
      receiver.script.push({ status: 503 });
      const last = await sendTest(endpoint.id);
      await eventually(
        async () => (await deliveries(endpoint.id)).some((d) => d.event_id === last && d.status === 'failed'),
        10_000,
        'the failure',
      );
      await eventually(
        async () => !(await t.http.get(`/api/v1/webhook-endpoints/${endpoint.id}`).set(tenant.auth)).body.enabled,
        5_000,
        'disabled',
      );

      // Enabled again by hand, it starts counting afresh; a success forgets the failures.
      await t.http
        .patch(`/api/v1/webhook-endpoints/${endpoint.id}`)
        .set(tenant.auth)
        .send({ enabled: true })
        .expect(200);
      const ok = await sendTest(endpoint.id);
      await eventually(settled(endpoint.id, ok), 10_000, 'a success');
      const [after] = await t.db.query(`SELECT enabled, failing_since FROM webhook_endpoints WHERE id = $1`, [
        endpoint.id,
      ]);
      expect(after).toEqual({ enabled: true, failing_since: null });
    }, 90_000);
  });
});

describe('webhooks in the embedded mode (no REDIS_URL): the API process delivers them', () => {
  it('delivers a test event from the in-process queue', async () => {
    const t = await startTestApp({ env: { REDIS_URL: '', WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' } });
    const receiver = await startWebhookReceiver();
    try {
      const tenant = await createTenant(t.app);
      const created = await t.http
        .post('/api/v1/webhook-endpoints')
        .set(tenant.auth)
        .send({ url: `${receiver.url}/embedded` })
        .expect(201);
      receiver.secrets = [created.body.secret];
      const test = await t.http.post(`/api/v1/webhook-endpoints/${created.body.id}/test`).set(tenant.auth).expect(202);
      await eventually(async () => receiver.deliveriesOf(test.body.event_id).length === 1, 10_000, 'the delivery');
      expect(receiver.deliveriesOf(test.body.event_id)[0].verifiedWith).toEqual([0]);
    } finally {
      await t.close();
      await receiver.stop();
    }
  });
});
