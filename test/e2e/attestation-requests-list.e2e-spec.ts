import { FixedClock } from '@lib/core';
import { CancelAttestationRequest } from '../../src/attestation-requests/application/cancel-attestation-request.use-case';
import { ExpireOverdueRequests } from '../../src/attestation-requests/application/expire-overdue-requests.use-case';
import { SendDueReminders } from '../../src/attestation-requests/application/send-due-reminders.use-case';
import { issueRequest, IssuedRequest, openForm, submitForm } from '../support/attestation-page-fixtures';
import { createTenant, Tenant } from '../support/fixtures';
import { createDocument, createGroup, createPerson } from '../support/membership-fixtures';
import { startTestApp, TestApp } from '../support/test-app';

const API = 'http://api.test/api/v1';
const DAY = 24 * 60 * 60 * 1000;

interface Listed {
  id: string;
  status: string;
  source: string;
  updated_at: string;
}

/**
 * GET /attestation-requests and GET /attestation-requests/{id}: filters, their combination, links, every 422,
 * tenancy and roles; and that every change of a request moves its updated_at, which updated_since reads.
 */
describe('GET /api/v1/attestation-requests', () => {
  let t: TestApp;
  const clock = new FixedClock(new Date('2026-11-22T10:00:00.000Z'));
  let tenant: Tenant;
  let other: Tenant;
  /** In creation order: sent, viewed, attested, canceled, system (sent), web (bounced). */
  let requests: IssuedRequest[];
  let systemRequestId: string;
  let otherRequest: IssuedRequest;

  beforeAll(async () => {
    t = await startTestApp({ clock, env: { RATE_LIMIT_PER_MINUTE: '100000', ATTESTATION_REQUEST_TTL_DAYS: '30' } });
    tenant = await createTenant(t.app);
    other = await createTenant(t.app);
    const ada = await createPerson(t.app, tenant.organizationId, { firstName: 'Ada', lastName: 'Lovelace' });
    const alan = await createPerson(t.app, tenant.organizationId, { firstName: 'Alan', lastName: 'Turing' });
    const grace = await createPerson(t.app, tenant.organizationId, { firstName: 'Grace', lastName: 'Hopper' });
    const policy = await createDocument(t.app, tenant.organizationId, { name: 'Policy' });
    const handbook = await createDocument(t.app, tenant.organizationId, { name: 'Handbook' });
    const asDocument = (d: { id: string; name: string; revisionId: string | null }) => ({
      ...d,
      revisionId: d.revisionId!,
    });
    requests = [];
    for (const [person, document] of [
      [ada, policy],
      [ada, handbook],
      [alan, policy],
      [alan, handbook],
    ] as const) {
      clock.advance(1000);
      requests.push(await issueRequest(t, tenant, { person, document: asDocument(document) }));
    }
    clock.advance(1000);
    await t.http.get(requests[1].path).expect(200); // viewed
    clock.advance(1000);
    await submitForm(t, requests[2].path, await openForm(t, requests[2].path), { typed_name: 'Alan Turing' }).expect(
      200,
    ); // attested
    clock.advance(1000);
    await t.app
      .get(CancelAttestationRequest)
      .execute({ requestId: requests[3].requestId, organizationId: tenant.organizationId });

    clock.advance(1000);
    const group = await createGroup(t.app, tenant.organizationId, { autoIssue: true, documentIds: [policy.id] });
    await t.http
      .post(`/api/v1/groups/${group.id}/people`)
      .set(tenant.auth)
      .send({ person_ids: [grace.id] })
      .expect(200);
    [{ id: systemRequestId }] = await t.db.query(
      `SELECT id FROM attestation_requests WHERE person_id = $1 AND document_id = $2`,
      [grace.id, policy.id],
    );
    clock.advance(1000);
    // No path of the service issues `web` requests nor bounces without SMTP: set directly, as an import would.
    const web = await issueRequest(t, tenant, { person: grace, document: asDocument(handbook) });
    await t.db.query(`UPDATE attestation_requests SET source = 'web', status = 'bounced' WHERE id = $1`, [
      web.requestId,
    ]);
    requests.push(web);
    otherRequest = await issueRequest(t, other);
  });
  afterAll(() => t.close());

  const list = (query: Record<string, string> = {}, auth = tenant.auth) =>
    t.http.get(`/api/v1/attestation-requests?${new URLSearchParams(query).toString()}`).set(auth);
  const ids = (body: { data: Listed[] }) => body.data.map((request) => request.id);
  const all = () => [
    requests[0].requestId,
    requests[1].requestId,
    requests[2].requestId,
    requests[3].requestId,
    systemRequestId,
    requests[4].requestId,
  ];

  it("lists the organization's requests oldest first, in the envelope, with links built from APP_URL", async () => {
    const { body } = await list().set('Host', 'evil.example').expect(200);
    expect(ids(body)).toEqual(all());
    expect(body.data.map((r: Listed) => [r.status, r.source])).toEqual([
      ['sent', 'oauth'],
      ['viewed', 'oauth'],
      ['attested', 'oauth'],
      ['canceled', 'oauth'],
      ['sent', 'system'],
      ['bounced', 'web'],
    ]);
    expect(body.links).toEqual({
      first: `${API}/attestation-requests?per_page=25&page=1`,
      last: `${API}/attestation-requests?per_page=25&page=1`,
      prev: null,
      next: null,
    });
    expect(body.meta).toEqual({ current_page: 1, from: 1, last_page: 1, per_page: 25, to: 6, total: 6 });
    const shown = await t.http
      .get(`/api/v1/attestation-requests/${requests[2].requestId}`)
      .set(tenant.auth)
      .expect(200);
    expect(body.data[2]).toEqual(shown.body);
  });

  it("filters by person and by document, ids in either case; another organization's id matches nothing", async () => {
    const [ada, alan] = [requests[0].person.id, requests[2].person.id];
    expect(ids((await list({ person_id: ada.toUpperCase() }).expect(200)).body)).toEqual(all().slice(0, 2));
    expect(ids((await list({ person_id: alan }).expect(200)).body)).toEqual(all().slice(2, 4));
    const policy = requests[0].document.id;
    expect(ids((await list({ document_id: policy }).expect(200)).body)).toEqual([all()[0], all()[2], all()[4]]);
    const foreign = await list({ person_id: otherRequest.person.id }).expect(200);
    expect(foreign.body.data).toEqual([]);
    expect(foreign.body.meta).toMatchObject({ total: 0, from: null, to: null, last_page: 1 });
    expect((await list({ document_id: otherRequest.document.id }).expect(200)).body.data).toEqual([]);
    expect(ids((await list({ person_id: '' }).expect(200)).body)).toEqual(all());
  });

  it('filters by statuses and sources, any of the listed values', async () => {
    expect(ids((await list({ status: 'sent' }).expect(200)).body)).toEqual([all()[0], all()[4]]);
    expect(ids((await list({ status: 'sent,viewed' }).expect(200)).body)).toEqual([all()[0], all()[1], all()[4]]);
    expect(ids((await list({ status: ' canceled , attested ' }).expect(200)).body)).toEqual([all()[2], all()[3]]);
    expect((await list({ status: 'expired' }).expect(200)).body.meta.total).toBe(0);
    expect(ids((await list({ source: 'system' }).expect(200)).body)).toEqual([all()[4]]);
    expect(ids((await list({ source: 'web,system' }).expect(200)).body)).toEqual([all()[4], all()[5]]);
    expect((await list({ source: 'oauth' }).expect(200)).body.meta.total).toBe(4);
    expect((await list({ source: 'partner_center' }).expect(200)).body.meta.total).toBe(0);
    expect(ids((await list({ status: 'sent,bounced', source: 'oauth,web' }).expect(200)).body)).toEqual([
      all()[0],
      all()[5],
    ]);
  });

  it('pages a filter of several statuses in list order, each match once, a status named twice counted once', async () => {
    const pages = [];
    for (const page of ['1', '2', '3', '4']) {
      pages.push((await list({ status: 'sent,viewed,sent', per_page: '1', page }).expect(200)).body);
    }
    expect(pages.map(ids)).toEqual([[all()[0]], [all()[1]], [all()[4]], []]);
    expect(pages[0].meta).toMatchObject({ total: 3, last_page: 3 });
    const bySource = await list({ status: 'bounced,sent', source: 'web', per_page: '1', page: '1' }).expect(200);
    expect(ids(bySource.body)).toEqual([all()[5]]);
  });

  it('combines every filter with AND and carries them in the links, so next visits every match once', async () => {
    const query = { status: 'sent,viewed', document_id: requests[0].document.id.toUpperCase(), per_page: '1' };
    const first = await list(query).expect(200);
    expect(ids(first.body)).toEqual([all()[0]]);
    expect(first.body.meta).toEqual({ current_page: 1, from: 1, last_page: 2, per_page: 1, to: 1, total: 2 });
    const carried = `document_id=${requests[0].document.id}&status=sent%2Cviewed&per_page=1`;
    expect(first.body.links).toEqual({
      first: `${API}/attestation-requests?${carried}&page=1`,
      last: `${API}/attestation-requests?${carried}&page=2`,
      prev: null,
      next: `${API}/attestation-requests?${carried}&page=2`,
    });
    const second = await t.http.get(first.body.links.next.slice('http://api.test'.length)).set(tenant.auth).expect(200);
    expect(ids(second.body)).toEqual([all()[4]]);
    expect(second.body.links.next).toBeNull();

    const full = {
      person_id: requests[0].person.id,
      document_id: requests[0].document.id,
      status: 'sent',
      source: 'oauth',
      updated_since: '2026-11-22T10:00:00+00:00',
    };
    const { body } = await list(full).expect(200);
    expect(ids(body)).toEqual([all()[0]]);
    const link = new URL(body.links.first);
    expect(Object.fromEntries(link.searchParams)).toEqual({
      ...full,
      updated_since: '2026-11-22T10:00:00.000Z',
      per_page: '25',
      page: '1',
    });
    expect((await list({ ...full, status: 'viewed' }).expect(200)).body.data).toEqual([]);
  });

  it('reads updated_since as updated_at >= it, to the millisecond, in any zone', async () => {
    const { body } = await list({ status: 'attested' }).expect(200);
    const signedAt: string = body.data[0].updated_at;
    expect(signedAt).toBe('2026-11-22T10:00:06.000Z');
    const since = (value: string) => list({ updated_since: value }).expect(200);
    const changedSince = async (value: string) => ids((await since(value)).body);
    expect(await changedSince(signedAt)).toContain(requests[2].requestId);
    expect(await changedSince('2026-11-22T10:00:06.001Z')).not.toContain(requests[2].requestId);
    // A finer fraction is cut to the millisecond the API shows, so the exact value shown still matches.
    expect(await changedSince('2026-11-22T10:00:06.000999Z')).toContain(requests[2].requestId);
    expect(await changedSince('2026-11-22T11:00:06+01:00')).toContain(requests[2].requestId);
    expect(await changedSince('2026-11-22T05:00:06.001-05:00')).not.toContain(requests[2].requestId);
    // An unencoded + in a query string arrives as a space.
    const raw = await t.http
      .get('/api/v1/attestation-requests?updated_since=2026-11-22T11:00:06+01:00')
      .set(tenant.auth)
      .expect(200);
    expect(ids(raw.body)).toContain(requests[2].requestId);
    expect(raw.body.links.first).toContain('updated_since=2026-11-22T10%3A00%3A06.000Z');
    expect((await since('2030-01-01T00:00:00Z')).body.data).toEqual([]);
  });

  it('answers 422 for malformed ids, unknown statuses or sources, and a bad date-time, naming each field', async () => {
    const invalid = async (query: Record<string, string> | string, errors: Record<string, string[]>) => {
      const path =
        typeof query === 'string'
          ? `/api/v1/attestation-requests?${query}`
          : `/api/v1/attestation-requests?${new URLSearchParams(query).toString()}`;
      const { body } = await t.http.get(path).set(tenant.auth).expect(422);
      expect(body.errors).toEqual(errors);
    };
    await invalid({ person_id: 'nope' }, { person_id: ['The person id field must be a valid ULID.'] });
    await invalid(
      { document_id: '01jd000000000000000000000u' },
      {
        document_id: ['The document id field must be a valid ULID.'],
      },
    );
    for (const status of ['SENT', 'sent,', 'sent,nope', 'open', ',']) {
      await invalid({ status }, { status: ['The selected status is invalid.'] });
    }
    for (const source of ['api', 'oauth,', 'OAUTH']) {
      await invalid({ source }, { source: ['The selected source is invalid.'] });
    }
    const date = ['The updated since field must be a valid date-time with a time zone (ISO 8601).'];
    for (const updated_since of [
      'yesterday',
      '2026-11-22',
      '2026-11-22T10:00:00',
      '2026-11-22T10:00Z',
      '2026-02-30T10:00:00Z',
      '2026-11-22T24:00:00Z',
      '2026-11-22T10:00:00+25:00',
      '1700000000',
    ]) {
      await invalid({ updated_since }, { updated_since: date });
    }
    await invalid('status=sent&status=viewed', { status: ['The status field must be a string.'] });
    await invalid('per_page=0', { per_page: ['The per page field must be at least 1.'] });
    const { body } = await t.http
      .get('/api/v1/attestation-requests?person_id=x&status=nope&source=nope&updated_since=x')
      .set(tenant.auth)
      .expect(422);
    expect(body.message).toBe('The person id field must be a valid ULID. (and 3 more errors)');
  });

  it('pages past the end with an empty page whose prev is the last page', async () => {
    const { body } = await list({ per_page: '4', page: '5' }).expect(200);
    expect(body.data).toEqual([]);
    expect(body.meta).toMatchObject({ current_page: 5, from: null, to: null, last_page: 2, total: 6 });
    expect(body.links.prev).toBe(`${API}/attestation-requests?per_page=4&page=2`);
  });

  describe('GET /api/v1/attestation-requests/{id}', () => {
    it('shows the request, id in either case', async () => {
      const { body } = await t.http
        .get(`/api/v1/attestation-requests/${requests[1].requestId.toUpperCase()}`)
        .set(tenant.auth)
        .expect(200);
      expect(body).toMatchObject({
        id: requests[1].requestId,
        status: 'viewed',
        viewed_at: '2026-11-22T10:00:05.000Z',
      });
    });

    it("answers 404 for another organization's request and for a malformed id", async () => {
      for (const id of [otherRequest.requestId, 'nope', '01jd000000000000000000000u']) {
        const { body } = await t.http.get(`/api/v1/attestation-requests/${id}`).set(tenant.auth).expect(404);
        expect(body).toEqual({ error: 'Not found.' });
      }
      await t.http.get(`/api/v1/attestation-requests/${otherRequest.requestId}`).set(other.auth).expect(200);
    });
  });

  it("refuses a group manager's token (403) on the list and on a request", async () => {
    const manager = await createTenant(t.app, { role: 'group_manager' });
    for (const path of ['/api/v1/attestation-requests', `/api/v1/attestation-requests/${requests[0].requestId}`]) {
      const { body } = await t.http.get(path).set(manager.auth).expect(403);
      expect(body).toEqual({ message: 'This action is unauthorized.' });
    }
  });

  it('moves updated_at on every change (view, signature, cancel, reminder, expiry), as updated_since sees', async () => {
    const changed = async (requestId: string) => {
      const since = clock.now().toISOString();
      const { body } = await list({ updated_since: since }).expect(200);
      return body.data.find((r: Listed) => r.id === requestId)?.updated_at === since;
    };
    const person = await createPerson(t.app, tenant.organizationId);
    const step = () => clock.advance(60_000);

    step();
    const signed = await issueRequest(t, tenant, { person });
    expect(await changed(signed.requestId)).toBe(true);
    step();
    await t.http.get(signed.path).expect(200);
    expect(await changed(signed.requestId)).toBe(true);
    step();
    await submitForm(t, signed.path, await openForm(t, signed.path)).expect(200);
    expect(await changed(signed.requestId)).toBe(true);

    step();
    const canceled = await issueRequest(t, tenant, { person });
    step();
    await t.app
      .get(CancelAttestationRequest)
      .execute({ requestId: canceled.requestId, organizationId: tenant.organizationId });
    expect(await changed(canceled.requestId)).toBe(true);

    step();
    const reminded = await issueRequest(t, tenant, { person });
    clock.advance(3 * DAY + 1000);
    expect((await t.app.get(SendDueReminders).execute()).requestIds).toContain(reminded.requestId);
    expect(await changed(reminded.requestId)).toBe(true);

    clock.advance(30 * DAY);
    expect(await t.app.get(ExpireOverdueRequests).execute()).toContain(reminded.requestId);
    expect(await changed(reminded.requestId)).toBe(true);
  });

  it("keeps the totals of status and source filters equal to a recount of the organization's requests", async () => {
    const recount: { status: string; source: string; n: number }[] = await t.db.query(
      `SELECT status, source, count(*)::int AS n FROM attestation_requests WHERE organization_id = $1
        GROUP BY 1, 2`,
      [tenant.organizationId],
    );
    const total = async (query: Record<string, string>) => (await list(query).expect(200)).body.meta.total;
    expect(await total({})).toBe(recount.reduce((sum, row) => sum + row.n, 0));
    for (const { status, source } of recount) {
      const n = (keep: (row: { status: string; source: string }) => boolean) =>
        recount.filter(keep).reduce((sum, row) => sum + row.n, 0);
      expect(await total({ status })).toBe(n((row) => row.status === status));
      expect(await total({ source })).toBe(n((row) => row.source === source));
      expect(await total({ status, source })).toBe(n((row) => row.status === status && row.source === source));
    }
  });
});
