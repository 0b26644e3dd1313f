import { FixedClock } from '@lib/core';
import { createTenant, Tenant } from '../support/fixtures';
import { groupManagerOf } from '../support/management-fixtures';
import { createDocument, createGroup } from '../support/membership-fixtures';
import { startTestApp, TestApp } from '../support/test-app';

const UNKNOWN = '01jzzzzzzzzzzzzzzzzzzzzzzz';

/** PATCH /people/{id}, POST /people/{id}/archive and /restore (docs/api-resources.md#people). */
describe('managing people through the API', () => {
  let t: TestApp;
  let clock: FixedClock;
  let tenant: Tenant;
  let n = 0;
  const email = () => `p${n++}.${Date.now().toString(36)}@example.test`;

  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    clock = t.clock as FixedClock;
    tenant = await createTenant(t.app);
  });
  afterAll(() => t.close());

  const create = async (body: Record<string, unknown> = {}) =>
    (
      await t.http
        .post('/api/v1/people')
        .set(tenant.auth)
        .send({ first_name: 'Ada', last_name: 'Lovelace', email: email(), phone: '+14155552671', ...body })
        .expect(201)
    ).body;
  const patch = (id: string, body: unknown, who: Tenant | { auth: object } = tenant) =>
    t.http
      .patch(`/api/v1/people/${id}`)
      .set(who.auth as Record<string, string>)
      .send(body as object);

  describe('PATCH /people/{id}', () => {
    it('changes the given fields only, with the rules of POST /people, and moves updated_at', async () => {
      const person = await create();
      clock.advance(1000);
      const { body } = await patch(person.id.toUpperCase(), {
        last_name: '  Byron ',
        phone: '+44 20 7946 0958',
        unknown: 'ignored',
      }).expect(200);
      expect(body).toEqual({
        ...person,
        last_name: 'Byron',
        name: 'Ada Byron',
        phone: '+442079460958',
        updated_at: clock.now().toISOString(),
      });
      const { body: shown } = await t.http.get(`/api/v1/people/${person.id}`).set(tenant.auth).expect(200);
      expect(shown).toEqual(body);
    });

    it('clears first_name and phone with null or an empty string', async () => {
      const person = await create();
      const { body } = await patch(person.id, { first_name: null, phone: '' }).expect(200);
      expect(body).toMatchObject({ first_name: null, phone: null, name: 'Lovelace' });
    });

    it('changes nothing, not even updated_at, for an empty body or the same values', async () => {
      const person = await create();
      clock.advance(1000);
      await patch(person.id, {}).expect(200, person);
      await patch(person.id, { last_name: person.last_name, email: person.email }).expect(200, person);
    });

    it("accepts the person's own email in another letter case", async () => {
      const person = await create();
      const { body } = await patch(person.id, { email: person.email.toUpperCase() }).expect(200);
      expect(body.email).toBe(person.email.toUpperCase());
    });

    it("refuses another person's email in any case, archived people included (422 on email)", async () => {
      const taken = await create();
      await t.http.post(`/api/v1/people/${taken.id}/archive`).set(tenant.auth).expect(200);
      const person = await create();
      const { body } = await patch(person.id, { email: ` ${taken.email.toUpperCase()} ` }).expect(422);
      expect(body).toEqual({
        message: 'The email has already been taken.',
        errors: { email: ['The email has already been taken.'] },
      });
    });

    it.each([
      [{ last_name: null }, 'last_name', 'The last name field is required.'],
      [{ last_name: '  ' }, 'last_name', 'The last name field is required.'],
      [{ last_name: 5 }, 'last_name', 'The last name field must be a string.'],
      [{ last_name: 'l'.repeat(256) }, 'last_name', 'The last name field must not be greater than 255 characters.'],
      [{ email: null }, 'email', 'The email field is required.'],
      [{ email: 'not-an-email' }, 'email', 'The email field must be a valid email address.'],
      [{ email: `${'e'.repeat(250)}@x.test` }, 'email', 'The email field must not be greater than 255 characters.'],
      [{ first_name: ['Ada'] }, 'first_name', 'The first name field must be a string.'],
      [{ first_name: 'f'.repeat(256) }, 'first_name', 'The first name field must not be greater than 255 characters.'],
      [{ phone: '4155552671' }, 'phone', 'The phone field must be a valid phone number.'],
      [{ phone: 7 }, 'phone', 'The phone field must be a string.'],
    ])('refuses %j with 422 on the field', async (change, field, message) => {
      const person = await create();
      const { body } = await patch(person.id, change).expect(422);
      expect(body).toEqual({ message, errors: { [field]: [message] } });
      await t.http.get(`/api/v1/people/${person.id}`).set(tenant.auth).expect(200, person);
    });

    it('reports several failing fields at once', async () => {
      const person = await create();
      const { body } = await patch(person.id, { last_name: '', email: 'x', phone: 'y' }).expect(422);
      expect(body.message).toBe('The last name field is required. (and 2 more errors)');
      expect(Object.keys(body.errors)).toEqual(['last_name', 'email', 'phone']);
    });

    it('keeps the name and email requests were sent to; a later request uses the new ones', async () => {
      const person = await create({ first_name: 'Old', last_name: 'Name' });
      const document = await createDocument(t.app, tenant.organizationId);
      const first = await t.http
        .post('/api/v1/attestation-requests')
        .set(tenant.auth)
        .send({ person_id: person.id, document_id: document.id })
        .expect(201);
      const newEmail = email();
      await patch(person.id, { first_name: 'New', email: newEmail }).expect(200);
      const [kept] = await t.db.query(
        `SELECT recipient_name, recipient_email, status FROM attestation_requests WHERE id = $1`,
        [first.body.id],
      );
      expect(kept).toEqual({ recipient_name: 'Old Name', recipient_email: person.email, status: 'sent' });
      const second = await t.http
        .post('/api/v1/attestation-requests')
        .set(tenant.auth)
        .send({ person_id: person.id, document_id: document.id })
        .expect(201);
      expect(second.body).toMatchObject({ recipient_name: 'New Name', recipient_email: newEmail });
    });

    it('answers 404 before validating the body, for a missing, malformed or foreign id', async () => {
      const other = await createTenant(t.app);
      const foreign = (
        await t.http.post('/api/v1/people').set(other.auth).send({ last_name: 'Other', email: email() }).expect(201)
      ).body;
      for (const id of [UNKNOWN, 'not-a-ulid', foreign.id]) {
        await patch(id, { email: 'invalid' }).expect(404, { error: 'Not found.' });
        await patch(id, '{"broken').set('Content-Type', 'application/json').expect(404, { error: 'Not found.' });
      }
    });

    it('answers 400 to a body that is not a JSON object', async () => {
      const person = await create();
      await patch(person.id, '[1]').set('Content-Type', 'application/json').expect(400);
    });
  });

  describe('POST /people/{id}/archive and /restore', () => {
    it('archives and restores, each a no-op when repeated; memberships, assignments and requests stay', async () => {
      const person = await create();
      const document = await createDocument(t.app, tenant.organizationId);
      const group = await createGroup(t.app, tenant.organizationId, { autoIssue: true, documentIds: [document.id] });
      await t.http
        .post(`/api/v1/groups/${group.id}/people`)
        .set(tenant.auth)
        .send({ person_ids: [person.id] })
        .expect(200);
      const snapshot = async () =>
        t.db.query(
          `SELECT (SELECT count(*)::int FROM group_memberships WHERE person_id = $1) AS memberships,
                  (SELECT count(*)::int FROM document_assignments WHERE person_id = $1) AS assignments,
                  (SELECT string_agg(status, ',') FROM attestation_requests WHERE person_id = $1) AS requests`,
          [person.id],
        );
      const before = await snapshot();
      expect(before).toEqual([{ memberships: 1, assignments: 1, requests: 'sent' }]);

      clock.advance(1000);
      const archivedAt = clock.now().toISOString();
      const { body: archived } = await t.http
        .post(`/api/v1/people/${person.id}/archive`)
        .set(tenant.auth)
        .send({ ignored: true })
        .expect(200);
      expect(archived).toEqual({ ...person, archived_at: archivedAt, updated_at: archivedAt });
      clock.advance(1000);
      await t.http.post(`/api/v1/people/${person.id}/archive`).set(tenant.auth).expect(200, archived);
      expect(await snapshot()).toEqual(before);
      const { body: listed } = await t.http.get(`/api/v1/people?id=${person.id}&archived=true`).set(tenant.auth);
      expect(listed.data).toEqual([archived]);
      const { body: counts } = await t.http.get(`/api/v1/documents?name=${document.name}`).set(tenant.auth);
      expect(counts.data[0].attestation_counts.total).toBe(0);

      const { body: restored } = await t.http.post(`/api/v1/people/${person.id}/restore`).set(tenant.auth).expect(200);
      expect(restored).toEqual({ ...person, archived_at: null, updated_at: clock.now().toISOString() });
      clock.advance(1000);
      await t.http.post(`/api/v1/people/${person.id}/restore`).set(tenant.auth).expect(200, restored);
      expect(await snapshot()).toEqual(before);
      const { body: recounted } = await t.http.get(`/api/v1/documents?name=${document.name}`).set(tenant.auth);
      expect(recounted.data[0].attestation_counts).toMatchObject({ total: 1, pending_attested: 1 });
    });

    it('an archived person cannot join a group; once restored they can', async () => {
      const person = await create();
      const group = await createGroup(t.app, tenant.organizationId, { autoIssue: false });
      await t.http.post(`/api/v1/people/${person.id}/archive`).set(tenant.auth).expect(200);
      await t.http
        .post(`/api/v1/groups/${group.id}/people`)
        .set(tenant.auth)
        .send({ person_ids: [person.id] })
        .expect(422);
      await t.http.post(`/api/v1/people/${person.id}/restore`).set(tenant.auth).expect(200);
      await t.http
        .post(`/api/v1/groups/${group.id}/people`)
        .set(tenant.auth)
        .send({ person_ids: [person.id] })
        .expect(200);
    });

    it.each(['archive', 'restore'])(
      '%s: 404 for a missing, malformed or foreign id, even with a bad body',
      async (act) => {
        const other = await createTenant(t.app);
        const foreign = (
          await t.http.post('/api/v1/people').set(other.auth).send({ last_name: 'Other', email: email() }).expect(201)
        ).body;
        for (const id of [UNKNOWN, 'nope', foreign.id]) {
          await t.http
            .post(`/api/v1/people/${id}/${act}`)
            .set(tenant.auth)
            .set('Content-Type', 'application/json')
            .send('{"broken')
            .expect(404, { error: 'Not found.' });
        }
        const person = await create();
        await t.http
          .post(`/api/v1/people/${person.id}/${act}`)
          .set(tenant.auth)
          .set('Content-Type', 'application/json')
          .send('{"broken')
          .expect(400);
      },
    );
  });

  it("answers 403 to a group manager of the person's own organization, before anything else", async () => {
    const person = await create();
    const manager = await groupManagerOf(t.app, tenant);
    await t.http.patch(`/api/v1/people/${person.id}`).set(manager).send({ last_name: 'X' }).expect(403, {
      message: 'This action is unauthorized.',
    });
    await t.http.post(`/api/v1/people/${person.id}/archive`).set(manager).expect(403);
    await t.http.post(`/api/v1/people/${person.id}/restore`).set(manager).expect(403);
    await t.http.get(`/api/v1/people/${person.id}`).set(tenant.auth).expect(200, person);
  });
});
