import type { INestApplicationContext } from '@nestjs/common';
import { FixedClock } from '@lib/core';
import { UnitOfWork } from '../../src/database/unit-of-work';
import { RESOURCE_EVENT_TYPES } from '../../src/events/domain/event-type';
import { CreatePerson } from '../../src/people/application/create-person.use-case';
import { createTenant, Tenant } from '../support/fixtures';
import { eventually, never, startWorker } from '../support/membership-fixtures';
import { scimAuth, USER_SCHEMA } from '../support/scim-fixtures';
import { startTestApp, TestApp } from '../support/test-app';
import { startWebhookReceiver, WebhookReceiver } from '../support/webhook-receiver';

interface Event {
  id: string;
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

/**
 * People, documents and groups record events in the feed and to the webhooks, as requests do: one per change that
 * made a difference, in its transaction, `data` the resource as the API shows it right after the change.
 */
describe('the events of people, documents and groups', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    t = await startTestApp({
      clock: new FixedClock(new Date()),
      env: { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', RATE_LIMIT_PER_MINUTE: '100000' },
    });
    worker = await startWorker(t);
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await worker.close();
    await t.close();
    await receiver.stop();
  });

  const feed = async (tenant: Tenant, query = '') =>
    (await t.http.get(`/api/v1/events${query}`).set(tenant.auth).expect(200)).body.data as Event[];
  /** The feed's events after `after` (all of them when null), once the watermark lets them show. */
  async function eventsAfter(tenant: Tenant, after: string | null, count: number): Promise<Event[]> {
    const query = after ? `?after=${after}` : '';
    await eventually(async () => (await feed(tenant, query)).length >= count, 10_000, `${count} new events`);
    return feed(tenant, query);
  }
  const api = (tenant: Tenant) => ({
    get: (path: string) => t.http.get(`/api/v1${path}`).set(tenant.auth).expect(200),
    post: (path: string, body: object = {}, status = 200) =>
      t.http.post(`/api/v1${path}`).set(tenant.auth).send(body).expect(status),
    patch: (path: string, body: object) => t.http.patch(`/api/v1${path}`).set(tenant.auth).send(body).expect(200),
    delete: (path: string) => t.http.delete(`/api/v1${path}`).set(tenant.auth).expect(204),
  });

  it('records each change of a person with the person as GET /people/{id} answers it then', async () => {
    const tenant = await createTenant(t.app);
    const call = api(tenant);
    const created = (await call.post('/people', { last_name: 'Hopper', email: 'grace@example.test' }, 201)).body;
    const updated = (await call.patch(`/people/${created.id}`, { first_name: 'Grace' })).body;
    const archived = (await call.post(`/people/${created.id}/archive`)).body;
    const restored = (await call.post(`/people/${created.id}/restore`)).body;
    expect((await call.get(`/people/${created.id}`)).body).toEqual(restored);

    const events = await eventsAfter(tenant, null, 4);
    expect(events.map((e) => [e.type, e.data])).toEqual([
      ['person.created', created],
      ['person.updated', updated],
      ['person.archived', archived],
      ['person.restored', restored],
    ]);
    expect(archived.archived_at).toEqual(expect.any(String));
    for (const event of events) expect(event.timestamp).toEqual(new Date(event.timestamp).toISOString());
  });

  it('records nothing for a change that changes nothing, nor for one refused', async () => {
    const tenant = await createTenant(t.app);
    const call = api(tenant);
    const person = (await call.post('/people', { last_name: 'Lamarr', email: 'hedy@example.test' }, 201)).body;
    await call.post(`/people/${person.id}/restore`);
    await call.patch(`/people/${person.id}`, { last_name: 'Lamarr' });
    await t.http.patch(`/api/v1/people/${person.id}`).set(tenant.auth).send({ email: 'not an email' }).expect(422);
    const group = (await call.post('/groups', { name: 'Inventors' }, 201)).body;
    await call.post(`/groups/${group.id}/people`, { person_ids: [person.id] });
    await call.post(`/groups/${group.id}/people`, { person_ids: [person.id] });
    await t.http
      .post(`/api/v1/groups/${group.id}/people`)
      .set(tenant.auth)
      .send({ person_ids: [person.id, '01jd7x5m3q4r8s9t0v1w2x3y4z'] })
      .expect(422);
    // Fenced by one more change, so that anything recorded before it is in the feed by then.
    await call.patch(`/groups/${group.id}`, { name: 'Inventors and pioneers' });
    const events = await eventsAfter(tenant, null, 4);
    expect(events.map((e) => e.type)).toEqual([
      'person.created',
      'group.created',
      'group.members_added',
      'group.updated',
    ]);
  });

  it('records each change of a document, counts included, and a publication with its revision', async () => {
    const tenant = await createTenant(t.app);
    const call = api(tenant);
    const created = (await call.post('/documents', { name: 'Code of conduct' }, 201)).body;
    const updated = (await call.patch(`/documents/${created.id}`, { renewal_interval_days: 365 })).body;
    const published = (
      await call.post(`/documents/${created.id}/revisions`, { format: 'markdown', content: '# Be kind' }, 201)
    ).body;
    const afterPublication = (await call.get(`/documents/${created.id}`)).body;
    const archived = (await call.post(`/documents/${created.id}/archive`)).body;
    const restored = (await call.post(`/documents/${created.id}/restore`)).body;

    const events = await eventsAfter(tenant, null, 5);
    expect(events.map((e) => [e.type, e.data])).toEqual([
      ['document.created', created],
      ['document.updated', updated],
      ['document.revision_published', { ...afterPublication, document_revision_id: published.document_revision_id }],
      ['document.archived', archived],
      ['document.restored', restored],
    ]);
    expect(afterPublication.has_published_revision).toBe(true);
    expect(created.attestation_counts).toEqual(expect.objectContaining({ total: 0 }));
  });

  it('records each change of a group, with who and what joined or left it', async () => {
    const tenant = await createTenant(t.app);
    const call = api(tenant);
    const ada = (await call.post('/people', { last_name: 'Lovelace', email: 'ada@example.test' }, 201)).body;
    const alan = (await call.post('/people', { last_name: 'Turing', email: 'alan@example.test' }, 201)).body;
    const policy = (await call.post('/documents', { name: 'Handbook' }, 201)).body;
    const from = await eventsAfter(tenant, null, 3).then((events) => events.at(-1)!.id);

    const created = (await call.post('/groups', { name: 'Engineers' }, 201)).body;
    const updated = (await call.patch(`/groups/${created.id}`, { auto_issue_requests: true })).body;
    await call.post(`/groups/${created.id}/people`, { person_ids: [ada.id] });
    // Ada is in already: only Alan joins.
    await call.post(`/groups/${created.id}/people`, { person_ids: [ada.id.toUpperCase(), alan.id] });
    await call.post(`/groups/${created.id}/documents`, { document_ids: [policy.id] });
    await call.delete(`/groups/${created.id}/people/${ada.id}`);
    await call.delete(`/groups/${created.id}/documents/${policy.id}`);
    const last = (await call.get(`/groups/${created.id}`)).body;
    await call.delete(`/groups/${created.id}`);

    const events = await eventsAfter(tenant, from, 8);
    expect(events.map((e) => [e.type, e.data])).toEqual([
      ['group.created', created],
      ['group.updated', updated],
      ['group.members_added', { ...updated, person_ids: [ada.id] }],
      ['group.members_added', { ...updated, person_ids: [alan.id] }],
      ['group.documents_added', { ...updated, document_ids: [policy.id] }],
      ['group.members_removed', { ...updated, person_ids: [ada.id] }],
      ['group.documents_removed', { ...updated, document_ids: [policy.id] }],
      ['group.deleted', last],
    ]);
    expect(updated.auto_issue_requests).toBe(true);
  });

  it('writes an event in the transaction of its change: rolled back with it', async () => {
    const tenant = await createTenant(t.app);
    const email = 'rolled.back@example.test';
    await expect(
      t.app.get(UnitOfWork).run(async () => {
        await t.app.get(CreatePerson).execute({ organizationId: tenant.organizationId, lastName: 'Back', email });
        throw new Error('the caller fails after the person was added');
      }),
    ).rejects.toThrow('the caller fails');
    const call = api(tenant);
    const kept = (await call.post('/people', { last_name: 'Kept', email: 'kept@example.test' }, 201)).body;
    const events = await eventsAfter(tenant, null, 1);
    expect(events.map((e) => [e.type, e.data.id])).toEqual([['person.created', kept.id]]);
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM people WHERE email = $1`, [email]);
    expect(n).toBe(0);
  });

  it('records a change provisioned over SCIM as the API does, the person as the API shows them', async () => {
    const tenant = await createTenant(t.app);
    const scim = await scimAuth(t.app, tenant);
    const user = await t.http
      .post('/scim/v2/Users')
      .set(scim)
      .send({
        schemas: [USER_SCHEMA],
        userName: 'katherine@example.test',
        name: { givenName: 'Katherine', familyName: 'Johnson' },
        emails: [{ value: 'katherine@example.test', primary: true }],
        active: true,
      })
      .expect(201);
    const shown = (await api(tenant).get(`/people?email=katherine@example.test`)).body.data;
    expect(shown).toHaveLength(1);
    const events = await eventsAfter(tenant, null, 1);
    expect(events.map((e) => [e.type, e.data])).toEqual([['person.created', shown[0]]]);
    expect(shown[0].external_id ?? null).toBe(user.body.externalId ?? null);
  });

  it('delivers them to the endpoints that take their type, the same bytes as the feed, and filters the feed by type', async () => {
    const tenant = await createTenant(t.app);
    const endpoint = await t.http
      .post('/api/v1/webhook-endpoints')
      .set(tenant.auth)
      .send({ url: `${receiver.url}/${tenant.organizationId}`, events: ['person.archived', 'group.members_added'] })
      .expect(201);
    expect(endpoint.body.events).toEqual(['person.archived', 'group.members_added']);
    receiver.secrets.push(endpoint.body.secret);
    const call = api(tenant);
    const person = (await call.post('/people', { last_name: 'Noether', email: 'emmy@example.test' }, 201)).body;
    const group = (await call.post('/groups', { name: 'Mathematicians' }, 201)).body;
    await call.post(`/groups/${group.id}/people`, { person_ids: [person.id] });
    await call.post(`/people/${person.id}/archive`);

    const received = () =>
      receiver.received
        .filter((r) => r.path === `/${tenant.organizationId}` && r.verifiedWith.length > 0)
        .map((r) => r.body);
    await eventually(async () => received().length === 2, 10_000, 'two deliveries');
    await never(() => received().length > 2, 1_000);
    const wanted = await feed(tenant, '?type=group.members_added,person.archived');
    expect(wanted.map((e) => e.type)).toEqual(['group.members_added', 'person.archived']);
    expect(received().sort()).toEqual(wanted.map((e) => JSON.stringify(e)).sort());
  });

  it('takes every resource type in an endpoint’s events and the feed’s filter, and refuses a type it does not know', async () => {
    const tenant = await createTenant(t.app);
    const endpoint = await t.http
      .post('/api/v1/webhook-endpoints')
      .set(tenant.auth)
      .send({ url: `${receiver.url}/all`, events: [...RESOURCE_EVENT_TYPES] })
      .expect(201);
    expect(endpoint.body.events).toEqual([...RESOURCE_EVENT_TYPES]);
    await t.http
      .get(`/api/v1/events?type=${RESOURCE_EVENT_TYPES.join(',')}`)
      .set(tenant.auth)
      .expect(200);
    const refused = await t.http
      .post('/api/v1/webhook-endpoints')
      .set(tenant.auth)
      .send({ url: `${receiver.url}/all`, events: ['person.deleted'] })
      .expect(422);
    expect(Object.keys(refused.body.errors)).toEqual(['events.0']);
    await t.http.get('/api/v1/events?type=group.renamed').set(tenant.auth).expect(422);
  });
});
