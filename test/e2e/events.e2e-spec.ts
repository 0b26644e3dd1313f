import type { INestApplicationContext } from '@nestjs/common';
import { FixedClock } from '@lib/core';
import { CancelAttestationRequest } from '../../src/attestation-requests/application/cancel-attestation-request.use-case';
import { UnitOfWork } from '../../src/database/unit-of-work';
import { ListRequestEvents } from '../../src/events/application/list-request-events.use-case';
import { REQUEST_EVENT_TYPES } from '../../src/events/domain/event-type';
import { createWorker } from '../../src/worker';
import { issueRequest, openForm, submitForm } from '../support/attestation-page-fixtures';
import { createTenant, Tenant } from '../support/fixtures';
import {
  createDocument,
  createGroup,
  createPerson,
  eventually,
  FAST_WORKER,
  never,
} from '../support/membership-fixtures';
import { SmtpCapture, startSmtpCapture } from '../support/smtp-capture';
import { startTestApp, TestApp } from '../support/test-app';
import { startWebhookReceiver, WebhookReceiver } from '../support/webhook-receiver';

const FAST_WEBHOOKS = { timeoutMs: 1_000, relayIntervalMs: 200, stalledIntervalMs: 500, lockDurationMs: 2_000 };

interface Event {
  id: string;
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

describe('the event log: feed, per-request list and webhooks', () => {
  let smtp: SmtpCapture;
  let t: TestApp;
  let worker: INestApplicationContext;
  let receiver: WebhookReceiver;
  const bouncing = new Set<string>();

  beforeAll(async () => {
    smtp = await startSmtpCapture({ rejectRecipient: (address) => (bouncing.has(address) ? 550 : null) });
    t = await startTestApp({
      clock: new FixedClock(new Date()),
      env: {
        SMTP_URL: smtp.url,
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
        WEBHOOK_RETRY_SCHEDULE: '1,1,1,1',
        RATE_LIMIT_PER_MINUTE: '100000',
      },
    });
    worker = await createWorker({ config: t.config, clock: t.clock }, FAST_WORKER, FAST_WEBHOOKS);
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await worker.close();
    await t.close();
    await smtp.close();
    await receiver.stop();
  });

  /**
   * A tenant with one endpoint taking every request event type, its receiver verifying with the endpoint's secret.
   * This suite is about the requests' events: those of the people, documents and groups the fixtures make are
   * resource-events.e2e-spec.ts's.
   */
  async function subscribedTenant(): Promise<{ tenant: Tenant; endpointId: string }> {
    const tenant = await createTenant(t.app);
    const endpoint = await t.http
      .post('/api/v1/webhook-endpoints')
      .set(tenant.auth)
      .send({ url: `${receiver.url}/${tenant.organizationId}`, events: REQUEST_EVENT_TYPES })
      .expect(201);
    receiver.secrets.push(endpoint.body.secret);
    return { tenant, endpointId: endpoint.body.id };
  }

  /** The feed of the requests' events (every request type unless the query names some). */
  const feed = async (tenant: Tenant, query = '') =>
    (
      await t.http
        .get(`/api/v1/events${requestTypes(query)}`)
        .set(tenant.auth)
        .expect(200)
    ).body as {
      data: Event[];
      has_more: boolean;
    };
  const requestEvents = async (tenant: Tenant, requestId: string) =>
    (await t.http.get(`/api/v1/attestation-requests/${requestId}/events`).set(tenant.auth).expect(200)).body
      .data as Event[];
  /** Events received (and verified) by the tenant's endpoint, one per event id, in arrival order. */
  const receivedBy = (tenant: Tenant) => {
    const accepted = receiver.received.filter(
      (r) => r.path === `/${tenant.organizationId}` && r.verifiedWith.length > 0 && r.answered === 200,
    );
    return accepted.map((r) => JSON.parse(r.body) as Event);
  };
  const typesOf = (events: Event[]) => events.map((e) => e.type);
  function requestTypes(query: string): string {
    if (query.includes('type=')) return query;
    return `${query ? `${query}&` : '?'}type=${REQUEST_EVENT_TYPES.join(',')}`;
  }

  it('create, view, attest: exactly those events, in the feed, the request list and at the receiver, delivered once through failures', async () => {
    const { tenant, endpointId } = await subscribedTenant();
    // The receiver fails the first attempts of the first event: a 500, a timeout, a redirect.
    receiver.script.push({ status: 500 }, 'hang', 'redirect');
    const issued = await issueRequest(t, tenant);
    const form = await openForm(t, issued.path);
    await submitForm(t, issued.path, form).expect(200);

    const expected = ['attestation_request.created', 'attestation_request.viewed', 'attestation_request.attested'];
    await eventually(async () => typesOf((await feed(tenant)).data).length === 3, 10_000, 'three events in the feed');
    const { data, has_more } = await feed(tenant);
    expect(typesOf(data)).toEqual(expected);
    expect(has_more).toBe(false);
    expect(data[0].data).toMatchObject({ id: issued.requestId, status: 'sent' });
    expect(data[1].data).toMatchObject({ status: 'viewed', viewed_at: expect.any(String) });
    expect(data[2].data).toMatchObject({ status: 'attested', attested_at: expect.any(String) });
    for (const event of data) expect(event.timestamp).toEqual(expect.stringMatching(/Z$/));
    expect(await requestEvents(tenant, issued.requestId)).toEqual(data);
    expect(
      await t.app
        .get(ListRequestEvents)
        .execute({ organizationId: tenant.organizationId, attestationRequestId: issued.requestId }),
    ).toEqual(data);

    await eventually(async () => receivedBy(tenant).length === 3, 20_000, 'three events delivered');
    expect(
      receivedBy(tenant)
        .map((e) => e.id)
        .sort(),
    ).toEqual(data.map((e) => e.id).sort());
    for (const event of receivedBy(tenant)) expect(event).toEqual(data.find((e) => e.id === event.id));
    // The receiver has answered; the worker records each outcome right after.
    const deliveryLog = async () =>
      (await t.http.get(`/api/v1/webhook-endpoints/${endpointId}/deliveries`).set(tenant.auth).expect(200)).body
        .data as { event_id: string; status: string }[];
    await eventually(
      async () => (await deliveryLog()).filter((d) => d.status === 'succeeded').length === 3,
      10_000,
      'three successes recorded',
    );
    const log = await deliveryLog();
    expect(
      log
        .filter((d) => d.status === 'succeeded')
        .map((d) => d.event_id)
        .sort(),
    ).toEqual(data.map((e) => e.id).sort());
    expect(log.filter((d) => d.status === 'failed')).toHaveLength(3);
    await never(() => receivedBy(tenant).length > 3, 1_500);
  }, 60_000);

  it('create, cancel: created and canceled', async () => {
    const { tenant } = await subscribedTenant();
    const issued = await issueRequest(t, tenant);
    await t.app
      .get(CancelAttestationRequest)
      .execute({ requestId: issued.requestId, organizationId: tenant.organizationId });
    await eventually(async () => (await feed(tenant)).data.length === 2, 10_000, 'two events');
    const { data } = await feed(tenant);
    expect(typesOf(data)).toEqual(['attestation_request.created', 'attestation_request.canceled']);
    expect(data[1].data).toMatchObject({ status: 'canceled', canceled_at: expect.any(String) });
    expect(await requestEvents(tenant, issued.requestId)).toEqual(data);
    await eventually(async () => receivedBy(tenant).length === 2, 10_000, 'both delivered');
  });

  it('a reminder (POST /remind) and a cancel through the API: reminded with last_reminded_at, then canceled', async () => {
    const { tenant } = await subscribedTenant();
    const issued = await issueRequest(t, tenant);
    const reminded = await t.http
      .post(`/api/v1/attestation-requests/${issued.requestId}/remind`)
      .set(tenant.auth)
      .expect(200);
    await t.http.post(`/api/v1/attestation-requests/${issued.requestId}/cancel`).set(tenant.auth).expect(200);
    const events = await requestEvents(tenant, issued.requestId);
    expect(typesOf(events)).toEqual([
      'attestation_request.created',
      'attestation_request.reminded',
      'attestation_request.canceled',
    ]);
    expect(events[1].data.last_reminded_at).toBe(reminded.body.last_reminded_at);
    await eventually(async () => receivedBy(tenant).length === 3, 10_000, 'all three delivered');
  });

  it('a bounce: created, then bounced, recorded by the worker', async () => {
    const { tenant } = await subscribedTenant();
    const person = await createPerson(t.app, tenant.organizationId, { email: `bounce.${Date.now()}@example.test` });
    bouncing.add(person.email);
    const issued = await issueRequest(t, tenant, { person });
    await eventually(async () => (await requestEvents(tenant, issued.requestId)).length === 2, 15_000, 'the bounce');
    const events = await requestEvents(tenant, issued.requestId);
    expect(typesOf(events)).toEqual(['attestation_request.created', 'attestation_request.bounced']);
    await eventually(async () => typesOf((await feed(tenant)).data).length === 2, 10_000, 'both in the feed');
    await eventually(async () => receivedBy(tenant).length === 2, 10_000, 'both delivered');
  });

  it('a group add records one created event per request, in one batch, each delivered to matching endpoints only', async () => {
    const tenant = await createTenant(t.app);
    const onlyCanceled = await t.http
      .post('/api/v1/webhook-endpoints')
      .set(tenant.auth)
      .send({ url: `${receiver.url}/${tenant.organizationId}`, events: ['attestation_request.canceled'] })
      .expect(201);
    receiver.secrets.push(onlyCanceled.body.secret);
    const documents = [
      await createDocument(t.app, tenant.organizationId),
      await createDocument(t.app, tenant.organizationId),
    ];
    const group = await createGroup(t.app, tenant.organizationId, { documentIds: documents.map((d) => d.id) });
    const people = await Promise.all([1, 2, 3].map(() => createPerson(t.app, tenant.organizationId)));
    await t.http
      .post(`/api/v1/groups/${group.id}/people`)
      .set(tenant.auth)
      .send({ person_ids: people.map((p) => p.id) })
      .expect(200);
    await eventually(async () => (await feed(tenant)).data.length === 6, 10_000, 'six events');
    expect(new Set(typesOf((await feed(tenant)).data))).toEqual(new Set(['attestation_request.created']));
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1`, [
      onlyCanceled.body.id,
    ]);
    expect(n).toBe(0);
  });

  it('pages the feed with after, limit and type; has_more says when more is there', async () => {
    const { tenant } = await subscribedTenant();
    for (let i = 0; i < 3; i++) {
      const issued = await issueRequest(t, tenant);
      await t.app
        .get(CancelAttestationRequest)
        .execute({ requestId: issued.requestId, organizationId: tenant.organizationId });
    }
    await eventually(async () => (await feed(tenant)).data.length === 6, 10_000, 'six events');
    const all = (await feed(tenant)).data;
    const first = await feed(tenant, '?limit=4');
    expect(first).toEqual({ data: all.slice(0, 4), has_more: true });
    const rest = await feed(tenant, `?limit=4&after=${first.data[3].id.toUpperCase()}`);
    expect(rest).toEqual({ data: all.slice(4), has_more: false });
    const canceled = await feed(tenant, '?type=attestation_request.canceled,attestation_request.viewed');
    expect(canceled.data).toEqual(all.filter((e) => e.type === 'attestation_request.canceled'));
    // Both together: the cancellations after the first one.
    const laterCanceled = await feed(tenant, `?after=${canceled.data[0].id}&type=attestation_request.canceled&limit=1`);
    expect(laterCanceled).toEqual({ data: canceled.data.slice(1, 2), has_more: true });
    expect(await feed(tenant, `?after=${all[5].id}`)).toEqual({ data: [], has_more: false });
  });

  it("answers 422 for a bad after, type or limit, and 404 for another organization's request", async () => {
    const { tenant } = await subscribedTenant();
    const other = await createTenant(t.app);
    const issued = await issueRequest(t, other);
    const [otherEvent] = await requestEvents(other, issued.requestId);
    const cases: [string, string][] = [
      ['?after=nope', 'after'],
      ['?after=', 'after'],
      ['?after=%20', 'after'],
      [`?after=${otherEvent.id}`, 'after'],
      ['?after=01jzzzzzzzzzzzzzzzzzzzzzzz', 'after'],
      ['?type=attestation_request.signed', 'type'],
      ['?type=webhook.test', 'type'],
      ['?limit=0', 'limit'],
      ['?limit=101', 'limit'],
      ['?limit=1.5', 'limit'],
    ];
    for (const [query, field] of cases) {
      const response = await t.http.get(`/api/v1/events${query}`).set(tenant.auth).expect(422);
      expect({ query, fields: Object.keys(response.body.errors) }).toEqual({ query, fields: [field] });
    }
    await t.http
      .get(`/api/v1/attestation-requests/${issued.requestId}/events`)
      .set(tenant.auth)
      .expect(404, { error: 'Not found.' });
    await t.http.get('/api/v1/attestation-requests/nope/events').set(tenant.auth).expect(404);
    const manager = await createTenant(t.app, { role: 'group_manager' });
    await t.http.get('/api/v1/events').set(manager.auth).expect(403);
  });

  it('shows each event exactly once when transactions commit out of the order they wrote in', async () => {
    const tenant = await createTenant(t.app);
    const first = await issueRequest(t, tenant);
    const second = await issueRequest(t, tenant);
    await eventually(async () => (await feed(tenant)).data.length === 2, 10_000, 'the two created events');
    let cursor = (await feed(tenant)).data[1].id;
    const seen: Event[] = [];
    const poll = async () => {
      const page = await feed(tenant, `?after=${cursor}`);
      seen.push(...page.data);
      if (page.data.length > 0) cursor = page.data.at(-1)!.id;
    };

    // T1 writes its event first (lower event id, lower transaction id) but commits last; T2 commits in between.
    const unitOfWork = t.app.get(UnitOfWork);
    const cancel = t.app.get(CancelAttestationRequest);
    let releaseT1!: () => void;
    const t1Holds = new Promise<void>((resolve) => (releaseT1 = resolve));
    let t1Wrote!: () => void;
    const t1HasWritten = new Promise<void>((resolve) => (t1Wrote = resolve));
    const t1 = unitOfWork.run(async () => {
      await cancel.execute({ requestId: first.requestId, organizationId: tenant.organizationId });
      t1Wrote();
      await t1Holds;
    });
    await t1HasWritten;
    await cancel.execute({ requestId: second.requestId, organizationId: tenant.organizationId });
    // T2 is committed and its event is in the table, after T1's in id order: a naive `id > after` would show it
    // now, move the cursor past T1's event, and never show that one.
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM events WHERE attestation_request_id = $1`, [
      second.requestId,
    ]);
    expect(n).toBe(2);
    await poll();
    expect(seen).toEqual([]);
    releaseT1();
    await t1;
    await eventually(async () => (await poll(), seen.length >= 2), 10_000, 'both canceled events');
    await poll();
    expect(seen.map((e) => [e.type, e.data.id])).toEqual([
      ['attestation_request.canceled', first.requestId],
      ['attestation_request.canceled', second.requestId],
    ]);
  });

  it('fans events out after their commit, to the endpoints there are then: none written before an endpoint, none twice', async () => {
    const tenant = await createTenant(t.app);
    const before = await issueRequest(t, tenant);
    await eventually(async () => (await feed(tenant)).data.length === 1, 10_000, 'the first event');
    const endpoint = await t.http
      .post('/api/v1/webhook-endpoints')
      .set(tenant.auth)
      .send({ url: `${receiver.url}/${tenant.organizationId}`, events: REQUEST_EVENT_TYPES })
      .expect(201);
    receiver.secrets.push(endpoint.body.secret);
    const after = await issueRequest(t, tenant);
    await eventually(async () => receivedBy(tenant).length === 1, 10_000, 'the event written after the endpoint');
    expect(receivedBy(tenant).map((e) => e.data.id)).toEqual([after.requestId]);

    // Every endpoint deleted, then one created again: what was written in between reaches none.
    await t.http.delete(`/api/v1/webhook-endpoints/${endpoint.body.id}`).set(tenant.auth).expect(204);
    const unheard = await issueRequest(t, tenant);
    const again = await t.http
      .post('/api/v1/webhook-endpoints')
      .set(tenant.auth)
      .send({ url: `${receiver.url}/${tenant.organizationId}`, events: REQUEST_EVENT_TYPES })
      .expect(201);
    receiver.secrets.push(again.body.secret);
    const last = await issueRequest(t, tenant);
    await eventually(async () => receivedBy(tenant).length === 2, 10_000, 'the event written after the new endpoint');
    await never(() => receivedBy(tenant).length > 2, 1_500);
    expect(receivedBy(tenant).map((e) => e.data.id)).toEqual([after.requestId, last.requestId]);
    expect(receivedBy(tenant).some((e) => [before.requestId, unheard.requestId].includes(e.data.id as string))).toBe(
      false,
    );
  });

  it('fans events out exactly once when transactions commit out of the order they wrote in', async () => {
    const { tenant, endpointId } = await subscribedTenant();
    const first = await issueRequest(t, tenant);
    const second = await issueRequest(t, tenant);
    await eventually(async () => receivedBy(tenant).length === 2, 10_000, 'the two created events');

    const unitOfWork = t.app.get(UnitOfWork);
    const cancel = t.app.get(CancelAttestationRequest);
    let releaseT1!: () => void;
    const t1Holds = new Promise<void>((resolve) => (releaseT1 = resolve));
    let t1Wrote!: () => void;
    const t1HasWritten = new Promise<void>((resolve) => (t1Wrote = resolve));
    const t1 = unitOfWork.run(async () => {
      await cancel.execute({ requestId: first.requestId, organizationId: tenant.organizationId });
      t1Wrote();
      await t1Holds;
    });
    await t1HasWritten;
    await cancel.execute({ requestId: second.requestId, organizationId: tenant.organizationId });
    // T2's event is committed, but T1 (which took its transaction id first) is still open: the fan-out waits for
    // it, or its cursor would move past T1's event, which would then never be delivered.
    const attempts = async () =>
      Number(
        (
          (await t.db.query(`SELECT count(*) AS n FROM webhook_deliveries WHERE endpoint_id = $1`, [endpointId])) as {
            n: string;
          }[]
        )[0].n,
      );
    // More than a fan-out interval, and a signal, have passed.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await attempts()).toBe(2);
    releaseT1();
    await t1;
    await eventually(async () => receivedBy(tenant).length === 4, 10_000, 'both canceled events');
    await never(() => receivedBy(tenant).length > 4, 1_500);
    expect(receivedBy(tenant).map((e) => [e.type, e.data.id])).toEqual(
      expect.arrayContaining([
        ['attestation_request.canceled', first.requestId],
        ['attestation_request.canceled', second.requestId],
      ]),
    );
    expect(await attempts()).toBe(4);
  });
});
