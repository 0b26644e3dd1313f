import { FixedClock } from '@lib/core';
import { createTenant, Tenant } from '../support/fixtures';
import { groupManagerOf } from '../support/management-fixtures';
import { createDocument, createGroup, createPerson } from '../support/membership-fixtures';
import { startTestApp, TestApp } from '../support/test-app';

const UNKNOWN = '01jzzzzzzzzzzzzzzzzzzzzzzz';
const API = 'http://api.test/api/v1';

/** GET/POST/PATCH/DELETE /groups, its members and its documents (docs/api-resources.md#groups). */
describe('managing groups through the API', () => {
  let t: TestApp;
  let clock: FixedClock;
  let tenant: Tenant;

  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    clock = t.clock as FixedClock;
    tenant = await createTenant(t.app);
  });
  afterAll(() => t.close());

  const create = async (body: Record<string, unknown> = {}) =>
    (
      await t.http
        .post('/api/v1/groups')
        .set(tenant.auth)
        .send({ name: 'Team', ...body })
        .expect(201)
    ).body;
  const addPeople = (groupId: string, personIds: string[]) =>
    t.http.post(`/api/v1/groups/${groupId}/people`).set(tenant.auth).send({ person_ids: personIds }).expect(200);

  describe('POST /groups, GET /groups/{id}, PATCH /groups/{id}', () => {
    it('creates a group without automatic issuance by default, shown with its setting', async () => {
      const group = await create({ name: ' Warehouse ' });
      const now = clock.now().toISOString();
      expect(group).toEqual({
        id: expect.stringMatching(/^[0-7][0-9a-hjkmnp-tv-z]{25}$/),
        organization_id: tenant.organizationId,
        name: 'Warehouse',
        auto_issue_requests: false,
        created_at: now,
        updated_at: now,
      });
      await t.http.get(`/api/v1/groups/${group.id.toUpperCase()}`).set(tenant.auth).expect(200, group);
      const { body: list } = await t.http.get('/api/v1/groups?per_page=100').set(tenant.auth).expect(200);
      const { auto_issue_requests: _setting, ...listed } = group;
      expect(list.data).toContainEqual(listed);
      expect(await create({ auto_issue_requests: true })).toMatchObject({ auto_issue_requests: true });
    });

    it('PATCH changes the given fields; turning auto_issue_requests on issues nothing to current members', async () => {
      const document = await createDocument(t.app, tenant.organizationId);
      const group = await create();
      const person = await createPerson(t.app, tenant.organizationId);
      await t.http
        .post(`/api/v1/groups/${group.id}/documents`)
        .set(tenant.auth)
        .send({ document_ids: [document.id] })
        .expect(200);
      await addPeople(group.id, [person.id]);
      clock.advance(1000);
      const { body } = await t.http
        .patch(`/api/v1/groups/${group.id}`)
        .set(tenant.auth)
        .send({ auto_issue_requests: true })
        .expect(200);
      expect(body).toEqual({ ...group, auto_issue_requests: true, updated_at: clock.now().toISOString() });
      const [{ count }] = await t.db.query(
        `SELECT count(*)::int AS count FROM attestation_requests WHERE person_id = $1`,
        [person.id],
      );
      expect(count).toBe(0);
      clock.advance(1000);
      await t.http
        .patch(`/api/v1/groups/${group.id}`)
        .set(tenant.auth)
        .send({ auto_issue_requests: true })
        .expect(200, body);
      const { body: renamed } = await t.http
        .patch(`/api/v1/groups/${group.id}`)
        .set(tenant.auth)
        .send({ name: 'Renamed' })
        .expect(200);
      expect(renamed).toMatchObject({ name: 'Renamed', auto_issue_requests: true });
      // Someone added later is sent the group's documents.
      const later = await createPerson(t.app, tenant.organizationId);
      await addPeople(group.id, [later.id]);
      const [{ issued }] = await t.db.query(
        `SELECT count(*)::int AS issued FROM attestation_requests WHERE person_id = $1`,
        [later.id],
      );
      expect(issued).toBe(1);
    });

    it.each([
      ['post', {}, 'name', 'The name field is required.'],
      ['post', { name: '' }, 'name', 'The name field is required.'],
      ['post', { name: 'n'.repeat(256) }, 'name', 'The name field must not be greater than 255 characters.'],
      [
        'post',
        { name: 'x', auto_issue_requests: 'yes' },
        'auto_issue_requests',
        'The auto issue requests field must be true or false.',
      ],
      ['patch', { name: null }, 'name', 'The name field is required.'],
      ['patch', { name: 7 }, 'name', 'The name field must be a string.'],
      [
        'patch',
        { auto_issue_requests: null },
        'auto_issue_requests',
        'The auto issue requests field must be true or false.',
      ],
    ] as const)('%s refuses %j with 422 on the field', async (method, body, field, message) => {
      const group = await create();
      const call = method === 'post' ? t.http.post('/api/v1/groups') : t.http.patch(`/api/v1/groups/${group.id}`);
      const { body: answer } = await call.set(tenant.auth).send(body).expect(422);
      expect(answer).toEqual({ message, errors: { [field]: [message] } });
      await t.http.get(`/api/v1/groups/${group.id}`).set(tenant.auth).expect(200, group);
    });
  });

  describe('DELETE /groups/{id}', () => {
    it('deletes the group and its memberships; assignments and requests stay, and so do the counts', async () => {
      const document = await createDocument(t.app, tenant.organizationId);
      const group = await createGroup(t.app, tenant.organizationId, { autoIssue: true, documentIds: [document.id] });
      const person = await createPerson(t.app, tenant.organizationId);
      await addPeople(group.id, [person.id]);
      const counts = async () =>
        (await t.http.get(`/api/v1/documents/${document.id}`).set(tenant.auth).expect(200)).body.attestation_counts;
      const before = await counts();
      expect(before).toMatchObject({ pending_attested: 1, total: 1 });

      await t.http.delete(`/api/v1/groups/${group.id}`).set(tenant.auth).expect(204, '');
      await t.http.get(`/api/v1/groups/${group.id}`).set(tenant.auth).expect(404, { error: 'Group not found.' });
      await t.http.delete(`/api/v1/groups/${group.id}`).set(tenant.auth).expect(404, { error: 'Group not found.' });
      const [rows] = await t.db.query(
        `SELECT (SELECT count(*)::int FROM group_memberships WHERE group_id = $1) AS memberships,
                (SELECT count(*)::int FROM group_documents WHERE group_id = $1) AS documents,
                (SELECT count(*)::int FROM document_assignments WHERE person_id = $2) AS assignments,
                (SELECT count(*)::int FROM document_assignments WHERE person_id = $2 AND group_id IS NULL) AS ungrouped,
                (SELECT count(*)::int FROM attestation_requests WHERE person_id = $2) AS requests`,
        [group.id, person.id],
      );
      expect(rows).toEqual({ memberships: 0, documents: 0, assignments: 1, ungrouped: 1, requests: 1 });
      expect(await counts()).toEqual(before);
    });
  });

  describe('GET /groups/{id}/people', () => {
    it('lists the members as Persons, archived ones included, in the order they joined then by id', async () => {
      const group = await create();
      const [a, b, c] = [
        await createPerson(t.app, tenant.organizationId),
        await createPerson(t.app, tenant.organizationId),
        await createPerson(t.app, tenant.organizationId),
      ];
      clock.advance(1000);
      await addPeople(group.id, [c.id]);
      clock.advance(1000);
      await addPeople(group.id, [b.id, a.id]);
      await t.http.post(`/api/v1/people/${b.id}/archive`).set(tenant.auth).expect(200);
      const { body } = await t.http.get(`/api/v1/groups/${group.id}/people?per_page=2`).set(tenant.auth).expect(200);
      const [ab] = [[a.id, b.id].sort()];
      expect(body.data.map((p: { id: string }) => p.id)).toEqual([c.id, ab[0]]);
      const { body: shown } = await t.http.get(`/api/v1/people/${c.id}`).set(tenant.auth);
      expect(body.data[0]).toEqual(shown);
      expect(body.meta).toEqual({ current_page: 1, from: 1, last_page: 2, per_page: 2, to: 2, total: 3 });
      expect(body.links.next).toBe(`${API}/groups/${group.id}/people?per_page=2&page=2`);
      const { body: next } = await t.http.get(`/api/v1/groups/${group.id}/people?per_page=2&page=2`).set(tenant.auth);
      expect(next.data.map((p: { id: string }) => p.id)).toEqual([ab[1]]);
      await t.http.get(`/api/v1/groups/${group.id}/people?page=0`).set(tenant.auth).expect(422);
    });
  });

  describe('GET /groups/{id}/documents and DELETE /groups/{id}/documents/{document}', () => {
    it("lists the group's documents by name with their counts; removing one keeps assignments and requests", async () => {
      const b = await createDocument(t.app, tenant.organizationId, { name: 'B policy' });
      const a = await createDocument(t.app, tenant.organizationId, { name: 'A policy' });
      const group = await createGroup(t.app, tenant.organizationId, { autoIssue: true, documentIds: [b.id, a.id] });
      await t.http.post(`/api/v1/documents/${a.id}/archive`).set(tenant.auth).expect(200);
      const person = await createPerson(t.app, tenant.organizationId);
      await addPeople(group.id, [person.id]);
      const { body } = await t.http.get(`/api/v1/groups/${group.id}/documents`).set(tenant.auth).expect(200);
      expect(body.data.map((d: { name: string }) => d.name)).toEqual(['A policy', 'B policy']);
      const { body: shown } = await t.http.get(`/api/v1/documents/${b.id}`).set(tenant.auth);
      expect(body.data[1]).toEqual(shown);
      expect(shown.attestation_counts).toMatchObject({ pending_attested: 1, total: 1 });

      await t.http.delete(`/api/v1/groups/${group.id}/documents/${b.id.toUpperCase()}`).set(tenant.auth).expect(204);
      const { body: after } = await t.http.get(`/api/v1/groups/${group.id}/documents`).set(tenant.auth).expect(200);
      expect(after.data.map((d: { name: string }) => d.name)).toEqual(['A policy']);
      const { body: still } = await t.http.get(`/api/v1/documents/${b.id}`).set(tenant.auth);
      expect(still.attestation_counts).toEqual(shown.attestation_counts);
      await t.http
        .delete(`/api/v1/groups/${group.id}/documents/${b.id}`)
        .set(tenant.auth)
        .expect(404, { error: 'The document is not in this group.' });
      // Someone joining now is no longer assigned it.
      const later = await createPerson(t.app, tenant.organizationId);
      await addPeople(group.id, [later.id]);
      const assigned = await t.db.query(`SELECT document_id FROM document_assignments WHERE person_id = $1`, [
        later.id,
      ]);
      expect(assigned).toEqual([{ document_id: a.id }]);
    });

    it('answers 404 for a document of another organization or one that was never in the group', async () => {
      const group = await create();
      const mine = await createDocument(t.app, tenant.organizationId);
      const other = await createTenant(t.app);
      const theirs = await createDocument(t.app, other.organizationId);
      for (const id of [mine.id, theirs.id, UNKNOWN]) {
        await t.http
          .delete(`/api/v1/groups/${group.id}/documents/${id}`)
          .set(tenant.auth)
          .expect(404, { error: 'The document is not in this group.' });
      }
    });
  });

  it('answers 404 "Group not found." for a missing, malformed or foreign group on every route, before the body', async () => {
    const other = await createTenant(t.app);
    const foreign = (await t.http.post('/api/v1/groups').set(other.auth).send({ name: 'Theirs' }).expect(201)).body;
    const document = await createDocument(t.app, tenant.organizationId);
    for (const id of [UNKNOWN, 'nope', foreign.id]) {
      const calls = [
        t.http.get(`/api/v1/groups/${id}`),
        t.http.patch(`/api/v1/groups/${id}`).set('Content-Type', 'application/json').send('{"broken'),
        t.http.delete(`/api/v1/groups/${id}`),
        t.http.get(`/api/v1/groups/${id}/people?per_page=0`),
        t.http.get(`/api/v1/groups/${id}/documents?per_page=0`),
        t.http.post(`/api/v1/groups/${id}/documents`).send({ document_ids: 'x' }),
        t.http.delete(`/api/v1/groups/${id}/documents/${document.id}`),
      ];
      for (const call of calls) await call.set(tenant.auth).expect(404, { error: 'Group not found.' });
    }
    await t.http.get(`/api/v1/groups/${foreign.id}`).set(other.auth).expect(200);
  });

  it("answers 403 to a group manager of the group's own organization", async () => {
    const group = await create();
    const document = await createDocument(t.app, tenant.organizationId);
    const manager = await groupManagerOf(t.app, tenant);
    const calls = [
      t.http.get(`/api/v1/groups/${group.id}`),
      t.http.post('/api/v1/groups').send({ name: 'X' }),
      t.http.patch(`/api/v1/groups/${group.id}`).send({ name: 'X' }),
      t.http.delete(`/api/v1/groups/${group.id}`),
      t.http.get(`/api/v1/groups/${group.id}/people`),
      t.http.get(`/api/v1/groups/${group.id}/documents`),
      t.http.post(`/api/v1/groups/${group.id}/documents`).send({ document_ids: [document.id] }),
      t.http.delete(`/api/v1/groups/${group.id}/documents/${document.id}`),
    ];
    for (const call of calls) await call.set(manager).expect(403, { message: 'This action is unauthorized.' });
    await t.http.get(`/api/v1/groups/${group.id}`).set(tenant.auth).expect(200, group);
  });
});
