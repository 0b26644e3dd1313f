import { createTenant, Tenant } from '../support/fixtures';
import { createPerson } from '../support/membership-fixtures';
import {
  GROUP_SCHEMA,
  LIST_RESPONSE,
  oktaUser,
  PATCH_OP,
  scimAuth,
  scimError,
  USER_SCHEMA,
} from '../support/scim-fixtures';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * The steps of Okta's SCIM 2.0 spec test and CRUD test (Runscope suites "Okta SCIM 2.0 SPEC Test" and "CRUD Test"),
 * with their exact requests, against the real application.
 */
describe('SCIM: Okta spec and CRUD tests', () => {
  let t: TestApp;
  let tenant: Tenant;
  let auth: { Authorization: string };

  beforeAll(async () => {
    t = await startTestApp();
    tenant = await createTenant(t.app);
    auth = await scimAuth(t.app, tenant);
  });
  afterAll(() => t.close());

  const scim = () => t.http;

  it('answers discovery: patch and filter supported, bulk, sort, etag and changePassword not', async () => {
    const config = await scim().get('/scim/v2/ServiceProviderConfig').set(auth).expect(200);
    expect(config.headers['content-type']).toMatch(/^application\/scim\+json/);
    expect(config.body).toMatchObject({
      patch: { supported: true },
      bulk: { supported: false },
      filter: { supported: true, maxResults: 200 },
      sort: { supported: false },
      etag: { supported: false },
      changePassword: { supported: false },
    });
    const types = await scim().get('/scim/v2/ResourceTypes').set(auth).expect(200);
    expect(types.body.Resources.map((type: { id: string }) => type.id)).toEqual(['User', 'Group']);
    const user = await scim().get(`/scim/v2/Schemas/${USER_SCHEMA}`).set(auth).expect(200);
    expect(user.body.attributes.map((a: { name: string }) => a.name)).toEqual([
      'userName',
      'externalId',
      'name',
      'displayName',
      'emails',
      'phoneNumbers',
      'preferredLanguage',
      'active',
    ]);
    const group = await scim().get('/scim/v2/ResourceTypes/group').set(auth).expect(200);
    expect(group.body).toMatchObject({ id: 'Group', endpoint: '/Groups' });
    const all = await scim().get('/scim/v2/Schemas').set(auth).expect(200);
    expect(all.body).toMatchObject({ totalResults: 2, startIndex: 1, itemsPerPage: 2 });
    expect(all.body.Resources.map((schema: { id: string }) => schema.id)).toEqual([USER_SCHEMA, GROUP_SCHEMA]);
    expect((await scim().get('/scim/v2/ResourceTypes/nope').set(auth).expect(404)).body).toEqual(scimError(404));
    expect((await scim().get('/scim/v2/Schemas/nope').set(auth).expect(404)).body).toEqual(scimError(404));
  });

  it('runs the spec test: list, filter, create, re-POST 409, read, filter, deactivate, reactivate', async () => {
    // Test 1-2: the list, two at a time.
    const first = await scim().get('/scim/v2/Users?startIndex=1&count=2').set(auth).expect(200);
    expect(first.body).toEqual({
      schemas: [LIST_RESPONSE],
      totalResults: 0,
      startIndex: 1,
      itemsPerPage: 0,
      Resources: [],
    });

    // The filter Okta sends before every create: nobody is 200 with 0 results.
    const userName = 'okta.spec@example.test';
    const none = await scim()
      .get(`/scim/v2/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}&startIndex=1&count=100`)
      .set(auth)
      .expect(200);
    expect(none.body.totalResults).toBe(0);

    const created = await scim().post('/scim/v2/Users').set(auth).send(oktaUser(userName)).expect(201);
    const id = created.body.id as string;
    expect(created.headers.location).toBe(`http://api.test/scim/v2/Users/${id}`);
    expect(created.body).toEqual({
      schemas: [USER_SCHEMA],
      id,
      userName,
      externalId: '00uokta.spec',
      name: { givenName: 'Test', familyName: 'User okta.spec' },
      displayName: 'Test User okta.spec',
      emails: [{ value: userName, type: 'work', primary: true }],
      active: true,
      meta: {
        resourceType: 'User',
        created: expect.any(String),
        lastModified: expect.any(String),
        location: `http://api.test/scim/v2/Users/${id}`,
      },
    });

    // The same userName again (another letter case): 409 uniqueness, and nobody new.
    const again = await scim().post('/scim/v2/Users').set(auth).send(oktaUser(userName.toUpperCase())).expect(409);
    expect(again.body).toEqual(scimError(409, 'uniqueness'));
    expect(again.headers['content-type']).toMatch(/^application\/scim\+json/);

    const read = await scim().get(`/scim/v2/Users/${id}`).set(auth).expect(200);
    expect(read.body).toEqual(created.body);

    // Case-insensitive userName filter finds them.
    const found = await scim()
      .get(`/scim/v2/Users?filter=${encodeURIComponent(`userName eq "${userName.toUpperCase()}"`)}`)
      .set(auth)
      .expect(200);
    expect(found.body).toMatchObject({ totalResults: 1, itemsPerPage: 1, startIndex: 1 });
    expect(found.body.Resources[0].id).toBe(id);

    // An id that is nobody's: 404, in SCIM's shape.
    const missing = await scim().get('/scim/v2/Users/01jd0000000000000000000000').set(auth).expect(404);
    expect(missing.body).toEqual(scimError(404));

    // Deactivate as Okta does: a path-less replace.
    const deactivated = await scim()
      .patch(`/scim/v2/Users/${id}`)
      .set(auth)
      .send({ schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { active: false } }] })
      .expect(200);
    expect(deactivated.body.active).toBe(false);
    const person = await t.http.get(`/api/v1/people/${id}`).set(tenant.auth).expect(200);
    expect(person.body.archived_at).not.toBeNull();
    expect(person.body).toMatchObject({ user_name: userName, external_id: '00uokta.spec' });

    const reactivated = await scim()
      .patch(`/scim/v2/Users/${id}`)
      .set(auth)
      .send({ schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { active: true } }] })
      .expect(200);
    expect(reactivated.body).toMatchObject({ id, active: true });
    expect((await t.http.get(`/api/v1/people/${id}`).set(tenant.auth)).body.archived_at).toBeNull();
  });

  it('runs the CRUD test: create, PUT the whole user, read, deactivate, and lists by page', async () => {
    const created = await scim().post('/scim/v2/Users').set(auth).send(oktaUser('crud@example.test')).expect(201);
    const id = created.body.id as string;
    const put = await scim()
      .put(`/scim/v2/Users/${id}`)
      .set(auth)
      .send(
        oktaUser('crud@example.test', {
          id,
          name: { givenName: 'Changed', familyName: 'Name' },
          phoneNumbers: [{ value: '+44 20 7946 0958', type: 'mobile' }],
        }),
      )
      .expect(200);
    expect(put.body).toMatchObject({
      id,
      name: { givenName: 'Changed', familyName: 'Name' },
      displayName: 'Changed Name',
      phoneNumbers: [{ value: '+442079460958', type: 'work', primary: true }],
    });
    const api = await t.http.get(`/api/v1/people/${id}`).set(tenant.auth).expect(200);
    expect(api.body).toMatchObject({ first_name: 'Changed', last_name: 'Name', phone: '+442079460958' });

    // PUT is safe to repeat: the second changes nothing, not even lastModified.
    const repeated = await scim()
      .put(`/scim/v2/Users/${id}`)
      .set(auth)
      .send(
        oktaUser('crud@example.test', {
          name: { givenName: 'Changed', familyName: 'Name' },
          phoneNumbers: [{ value: '+442079460958', type: 'work' }],
        }),
      )
      .expect(200);
    expect(repeated.body.meta.lastModified).toBe(put.body.meta.lastModified);

    const page = await scim().get('/scim/v2/Users?startIndex=2&count=1').set(auth).expect(200);
    expect(page.body).toMatchObject({ startIndex: 2, itemsPerPage: 1 });
    expect(page.body.totalResults).toBeGreaterThanOrEqual(2);

    // The API can find them by their directory id.
    const byExternal = await t.http.get('/api/v1/people?external_id=00ucrud').set(tenant.auth).expect(200);
    expect(byExternal.body.data.map((p: { id: string }) => p.id)).toEqual([id]);
  });

  it('pushes a group as Okta does: create, rename (repeating its id), add and remove a member', async () => {
    const member = await scim().post('/scim/v2/Users').set(auth).send(oktaUser('pushed@example.test')).expect(201);
    const group = await scim()
      .post('/scim/v2/Groups')
      .set(auth)
      .send({ schemas: [GROUP_SCHEMA], displayName: 'Okta push', members: [] })
      .expect(201);
    const id = group.body.id as string;
    expect(group.body).toMatchObject({ displayName: 'Okta push', members: [] });
    const patch = (operations: unknown[]) =>
      scim()
        .patch(`/scim/v2/Groups/${id}`)
        .set(auth)
        .send({ schemas: [PATCH_OP], Operations: operations });
    const renamed = await patch([{ op: 'replace', value: { id, displayName: 'Okta push renamed' } }]).expect(204);
    // No body, so no Content-Type: the door's scim+json is for answers with one.
    expect(renamed.headers['content-type']).toBeUndefined();
    await patch([
      { op: 'add', path: 'members', value: [{ value: member.body.id, display: 'pushed@example.test' }] },
    ]).expect(204);
    const read = await scim().get(`/scim/v2/Groups/${id}`).set(auth).expect(200);
    expect(read.body).toMatchObject({
      displayName: 'Okta push renamed',
      members: [{ value: member.body.id, display: 'Test User pushed' }],
    });
    await patch([{ op: 'remove', path: `members[value eq "${member.body.id}"]` }]).expect(204);
    expect((await scim().get(`/scim/v2/Groups/${id}`).set(auth).expect(200)).body.members).toEqual([]);
    const renamedId = await patch([{ op: 'replace', value: { id: '01jd0000000000000000000000', displayName: 'x' } }]);
    expect(renamedId.status).toBe(400);
    expect(renamedId.body).toEqual(scimError(400, 'mutability'));
  });

  it('takes a repeated POST of a group as the same group, at once or later, and refuses a name another directory claimed', async () => {
    const member = await scim().post('/scim/v2/Users').set(auth).send(oktaUser('retried@example.test')).expect(201);
    const body = {
      schemas: [GROUP_SCHEMA],
      displayName: 'Retried push',
      members: [{ value: member.body.id, display: 'retried@example.test' }],
    };
    const post = () => scim().post('/scim/v2/Groups').set(auth).send(body);
    // A retry after a timeout while the first is still running, then another one later.
    const [first, second] = await Promise.all([post(), post()]);
    expect([first.status, second.status]).toEqual([201, 201]);
    const later = await post().expect(201);
    expect(new Set([first.body.id, second.body.id, later.body.id]).size).toBe(1);
    expect(later.body.members.map((m: { value: string }) => m.value)).toEqual([member.body.id]);
    const named = await t.db.query(
      `SELECT id FROM groups WHERE organization_id = $1 AND lower(name) = 'retried push'`,
      [tenant.organizationId],
    );
    expect(named).toEqual([{ id: first.body.id }]);
    const memberships = await t.db.query(`SELECT person_id FROM group_memberships WHERE group_id = $1`, [
      first.body.id,
    ]);
    expect(memberships).toHaveLength(1);

    // A group made in the console is linked by its name: the directory's id is set on it, its id kept.
    const made = await t.http.post('/api/v1/groups').set(tenant.auth).send({ name: 'Console made' }).expect(201);
    const linked = await scim()
      .post('/scim/v2/Groups')
      .set(auth)
      .send({ schemas: [GROUP_SCHEMA], displayName: 'console MADE', externalId: 'entra-1', members: [] })
      .expect(201);
    expect(linked.body).toMatchObject({ id: made.body.id, displayName: 'console MADE', externalId: 'entra-1' });
    // Claimed by the directory under another id: refused, as a taken userName is.
    const taken = await scim()
      .post('/scim/v2/Groups')
      .set(auth)
      .send({ schemas: [GROUP_SCHEMA], displayName: 'Console made', externalId: 'entra-2', members: [] })
      .expect(409);
    expect(taken.body).toMatchObject(scimError(409, 'uniqueness'));
  });

  it('links a person made through the API instead of refusing them, and keeps their id', async () => {
    const existing = await createPerson(t.app, tenant.organizationId, { email: 'made.by.api@example.test' });
    // SCIM does not see them before they are linked.
    const before = await scim()
      .get(`/scim/v2/Users?filter=${encodeURIComponent('userName eq "made.by.api@example.test"')}`)
      .set(auth)
      .expect(200);
    expect(before.body.totalResults).toBe(0);
    const linked = await scim().post('/scim/v2/Users').set(auth).send(oktaUser('made.by.api@example.test')).expect(201);
    expect(linked.body.id).toBe(existing.id);
    await scim().post('/scim/v2/Users').set(auth).send(oktaUser('made.by.api@example.test')).expect(409);
  });

  it('deletes a user: archived, then not found through SCIM, evidence kept', async () => {
    const created = await scim().post('/scim/v2/Users').set(auth).send(oktaUser('leaver@example.test')).expect(201);
    const id = created.body.id as string;
    const deleted = await scim().delete(`/scim/v2/Users/${id}`).set(auth).expect(204);
    expect(deleted.headers['content-type']).toBeUndefined();
    expect((await scim().get(`/scim/v2/Users/${id}`).set(auth).expect(404)).body).toEqual(scimError(404));
    await scim().delete(`/scim/v2/Users/${id}`).set(auth).expect(404);
    const person = await t.http.get(`/api/v1/people/${id}`).set(tenant.auth).expect(200);
    expect(person.body).toMatchObject({ user_name: null, external_id: null });
    expect(person.body.archived_at).not.toBeNull();
  });

  it('keeps tokens to their door: an api:use token is 401 here, a SCIM token 401 on the API', async () => {
    const wrong = await scim().get('/scim/v2/Users').set(tenant.auth).expect(401);
    expect(wrong.body).toEqual(scimError(401));
    await scim().get('/scim/v2/Users').expect(401);
    await t.http.get('/api/v1/people').set(auth).expect(401);
  });

  it("never shows another organization's users, and never lets its ids be reached", async () => {
    const other = await createTenant(t.app);
    const otherAuth = await scimAuth(t.app, other);
    const theirs = await scim().post('/scim/v2/Users').set(otherAuth).send(oktaUser('theirs@example.test')).expect(201);
    await scim().get(`/scim/v2/Users/${theirs.body.id}`).set(auth).expect(404);
    await scim()
      .patch(`/scim/v2/Users/${theirs.body.id}`)
      .set(auth)
      .send({ schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { active: false } }] })
      .expect(404);
    await scim().delete(`/scim/v2/Users/${theirs.body.id}`).set(auth).expect(404);
    const filtered = await scim()
      .get(`/scim/v2/Users?filter=${encodeURIComponent(`id eq "${theirs.body.id}"`)}`)
      .set(auth)
      .expect(200);
    expect(filtered.body.totalResults).toBe(0);
    // The same userName is free in another organization.
    await scim().post('/scim/v2/Users').set(auth).send(oktaUser('theirs@example.test')).expect(201);
  });
});
