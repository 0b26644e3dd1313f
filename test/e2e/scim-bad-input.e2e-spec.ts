import { createTenant, Tenant } from '../support/fixtures';
import { createPerson } from '../support/membership-fixtures';
import { GROUP_SCHEMA, oktaUser, PATCH_OP, scimAuth, scimError, USER_SCHEMA } from '../support/scim-fixtures';
import { startTestApp, TestApp } from '../support/test-app';

/** Whatever a client sends, the answer is SCIM's Error JSON with the right status and scimType, never a 500. */
describe('SCIM: bad input', () => {
  let t: TestApp;
  let tenant: Tenant;
  let auth: { Authorization: string };
  let userId: string;
  let groupId: string;

  beforeAll(async () => {
    t = await startTestApp();
    tenant = await createTenant(t.app);
    auth = await scimAuth(t.app, tenant);
    userId = (await t.http.post('/scim/v2/Users').set(auth).send(oktaUser('bad.input@example.test')).expect(201)).body
      .id;
    groupId = (
      await t.http
        .post('/scim/v2/Groups')
        .set(auth)
        .send({ schemas: [GROUP_SCHEMA], displayName: 'Bad input' })
        .expect(201)
    ).body.id;
  });
  afterAll(() => t.close());

  const expectError = (
    response: { status: number; body: unknown; headers: Record<string, string> },
    status: number,
    scimType?: string,
  ) => {
    expect({ status: response.status, body: response.body }).toEqual({ status, body: scimError(status, scimType) });
    expect(response.headers['content-type']).toMatch(/^application\/scim\+json/);
  };

  it('answers invalid JSON, a body that is no object and a 5 MB body', async () => {
    expectError(
      await t.http.post('/scim/v2/Users').set(auth).set('Content-Type', 'application/scim+json').send('{"userName":'),
      400,
      'invalidSyntax',
    );
    expectError(
      await t.http
        .post('/scim/v2/Users')
        .set(auth)
        .send([oktaUser('x@example.test')]),
      400,
      'invalidSyntax',
    );
    const huge = oktaUser('huge@example.test', { displayName: 'x'.repeat(5 * 1024 * 1024) });
    expectError(await t.http.post('/scim/v2/Users').set(auth).send(huge), 413);
    const patch = await t.http
      .patch(`/scim/v2/Users/${userId}`)
      .set(auth)
      .set('Content-Type', 'application/json')
      .send('not json');
    expectError(patch, 400, 'invalidSyntax');
  });

  it('answers unknown schema URNs and unknown attributes', async () => {
    expectError(
      await t.http
        .post('/scim/v2/Users')
        .set(auth)
        .send({ ...oktaUser('a@example.test'), schemas: ['urn:example:User'] }),
      400,
      'invalidSyntax',
    );
    expectError(
      await t.http
        .post('/scim/v2/Users')
        .set(auth)
        .send({ ...oktaUser('a@example.test'), schemas: [USER_SCHEMA, 'urn:example:extra'] }),
      400,
      'invalidSyntax',
    );
    expectError(
      await t.http
        .post('/scim/v2/Users')
        .set(auth)
        .send({ ...oktaUser('a@example.test'), shoeSize: 42 }),
      400,
      'invalidValue',
    );
    expectError(
      await t.http
        .post('/scim/v2/Groups')
        .set(auth)
        .send({ schemas: [GROUP_SCHEMA], displayName: 'x', colour: 'red' }),
      400,
      'invalidValue',
    );
    const patchUnknown = await t.http
      .patch(`/scim/v2/Users/${userId}`)
      .set(auth)
      .send({ schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'shoeSize', value: 42 }] });
    expectError(patchUnknown, 400, 'invalidPath');
    const noSchema = await t.http
      .patch(`/scim/v2/Users/${userId}`)
      .set(auth)
      .send({ Operations: [{ op: 'replace', value: { active: false } }] });
    expectError(noSchema, 400, 'invalidSyntax');
    const mutability = await t.http
      .patch(`/scim/v2/Users/${userId}`)
      .set(auth)
      .send({ schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'id', value: '01jd0000000000000000000000' }] });
    expectError(mutability, 400, 'mutability');
    const noTarget = await t.http
      .patch(`/scim/v2/Users/${userId}`)
      .set(auth)
      .send({ schemas: [PATCH_OP], Operations: [{ op: 'remove' }] });
    expectError(noTarget, 400, 'noTarget');
    // Values the person's own rules refuse (an email that is none, a phone without its country): invalidValue.
    expectError(
      await t.http
        .post('/scim/v2/Users')
        .set(auth)
        .send(oktaUser('not-an-email', { emails: [] })),
      400,
      'invalidValue',
    );
    expectError(
      await t.http
        .post('/scim/v2/Users')
        .set(auth)
        .send(oktaUser('phone@example.test', { phoneNumbers: [{ value: '12', type: 'work' }] })),
      400,
      'invalidValue',
    );
    expectError(
      await t.http
        .post('/scim/v2/Users')
        .set(auth)
        .send({ schemas: [USER_SCHEMA], emails: [] }),
      400,
      'invalidValue',
    );
  });

  it('answers unsupported filter operators and injection attempts with invalidFilter, and runs none', async () => {
    for (const filter of [
      'userName co "a"',
      'userName sw "a" or userName eq "b"',
      'title eq "CEO"',
      'userName eq "x" or 1 eq 1',
      "userName eq 'x'; DROP TABLE people; --",
      ')(',
    ]) {
      const response = await t.http.get(`/scim/v2/Users?filter=${encodeURIComponent(filter)}`).set(auth);
      expectError(response, 400, 'invalidFilter');
    }
    // A well-formed filter whose value holds SQL: it is data, and matches nobody.
    const quoted = await t.http
      .get(`/scim/v2/Users?filter=${encodeURIComponent('userName eq "x\\" OR 1=1; DROP TABLE people; --"')}`)
      .set(auth)
      .expect(200);
    expect(quoted.body.totalResults).toBe(0);
    expect(Number((await t.db.query('SELECT count(*) FROM people'))[0].count)).toBeGreaterThan(0);
    const group = await t.http.get(`/scim/v2/Groups?filter=${encodeURIComponent('members[display eq "x"]')}`).set(auth);
    expectError(group, 400, 'invalidFilter');
  });

  it('answers startIndex=0, count=100000 and paging that is not a number', async () => {
    expectError(await t.http.get('/scim/v2/Users?startIndex=0').set(auth), 400, 'invalidValue');
    expectError(await t.http.get('/scim/v2/Users?count=100000').set(auth), 400, 'invalidValue');
    expectError(await t.http.get('/scim/v2/Groups?count=abc').set(auth), 400, 'invalidValue');
    expectError(await t.http.get('/scim/v2/Users?startIndex=1&startIndex=2').set(auth), 400, 'invalidValue');
    const empty = await t.http.get('/scim/v2/Users?count=0').set(auth).expect(200);
    expect(empty.body).toMatchObject({ itemsPerPage: 0, Resources: [] });
    expect(empty.body.totalResults).toBeGreaterThan(0);
  });

  it("answers members that are not people of the organization, and another organization's ids", async () => {
    const other = await createTenant(t.app);
    const foreignPerson = await createPerson(t.app, other.organizationId);
    const archived = await createPerson(t.app, tenant.organizationId, { archived: true });
    for (const value of [foreignPerson.id, '01jd0000000000000000000000', 'not-an-id', archived.id]) {
      const response = await t.http
        .patch(`/scim/v2/Groups/${groupId}`)
        .set(auth)
        .send({ schemas: [PATCH_OP], Operations: [{ op: 'add', path: 'members', value: [{ value }] }] });
      expectError(response, 400, 'invalidValue');
    }
    const created = await t.http
      .post('/scim/v2/Groups')
      .set(auth)
      .send({ schemas: [GROUP_SCHEMA], displayName: 'Foreign', members: [{ value: foreignPerson.id }] });
    expectError(created, 400, 'invalidValue');
    expect(Number((await t.db.query(`SELECT count(*) FROM groups WHERE name = 'Foreign'`))[0].count)).toBe(0);

    const otherAuth = await scimAuth(t.app, other);
    expectError(await t.http.get(`/scim/v2/Groups/${groupId}`).set(otherAuth), 404);
    expectError(
      await t.http
        .patch(`/scim/v2/Groups/${groupId}`)
        .set(otherAuth)
        .send({ schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { displayName: 'x' } }] }),
      404,
    );
    expectError(await t.http.delete(`/scim/v2/Groups/${groupId}`).set(otherAuth), 404);
    expectError(
      await t.http.put(`/scim/v2/Users/${userId}`).set(otherAuth).send(oktaUser('bad.input@example.test')),
      404,
    );
    expectError(await t.http.get('/scim/v2/Groups/not-an-id').set(auth), 404);
    expectError(await t.http.put('/scim/v2/Groups/not-an-id').set(auth).send({ displayName: 'x' }), 404);
    expectError(
      await t.http
        .patch('/scim/v2/Groups/not-an-id')
        .set(auth)
        .send({ schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { displayName: 'x' } }] }),
      404,
    );
    expectError(await t.http.delete('/scim/v2/Groups/not-an-id').set(auth), 404);
    // A ULID is a ULID in either case.
    await t.http.get(`/scim/v2/Groups/${groupId.toUpperCase()}`).set(auth).expect(200);
    expectError(await t.http.get('/scim/v2/Bulk').set(auth), 404);
  });

  it('answers a duplicate externalId and a userName taken by a change with uniqueness', async () => {
    await t.http.post('/scim/v2/Users').set(auth).send(oktaUser('taken@example.test')).expect(201);
    const clash = await t.http
      .patch(`/scim/v2/Users/${userId}`)
      .set(auth)
      .send({ schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'userName', value: 'TAKEN@example.test' }] });
    expectError(clash, 409, 'uniqueness');
    const sameExternal = oktaUser('other@example.test', { externalId: '00utaken' });
    expectError(await t.http.post('/scim/v2/Users').set(auth).send(sameExternal), 409, 'uniqueness');
    await t.http
      .post('/scim/v2/Groups')
      .set(auth)
      .send({ schemas: [GROUP_SCHEMA], displayName: 'G1', externalId: 'g-1' })
      .expect(201);
    expectError(
      await t.http
        .post('/scim/v2/Groups')
        .set(auth)
        .send({ schemas: [GROUP_SCHEMA], displayName: 'G2', externalId: 'g-1' }),
      409,
      'uniqueness',
    );
  });
});

describe('SCIM: the allowance', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ env: { SCIM_RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(() => t.close());

  it('is per organization, shared by its SCIM tokens, and answers 429 with Retry-After beyond it', async () => {
    const tenant = await createTenant(t.app);
    const [first, second] = [await scimAuth(t.app, tenant), await scimAuth(t.app, tenant)];
    await t.http.get('/scim/v2/Users').set(first).expect(200);
    await t.http.get('/scim/v2/Users').set(second).expect(200);
    await t.http.get('/scim/v2/Groups').set(first).expect(200);
    const limited = await t.http.get('/scim/v2/Users').set(second);
    expect({ status: limited.status, body: limited.body }).toEqual({ status: 429, body: scimError(429) });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another organization has its own allowance, and the API's is untouched.
    const other = await createTenant(t.app);
    await t.http
      .get('/scim/v2/Users')
      .set(await scimAuth(t.app, other))
      .expect(200);
    await t.http.get('/api/v1/people').set(tenant.auth).expect(200);
  });
});
