import { createTenant, Tenant } from '../support/fixtures';
import { GROUP_SCHEMA, PATCH_OP, scimAuth, scimError, USER_SCHEMA } from '../support/scim-fixtures';
import { startTestApp, TestApp } from '../support/test-app';

const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';

/** How Entra writes one change in each of its PATCH modes. */
interface Shape {
  name: string;
  query: string;
  userChange(changes: { givenName: string; familyName: string; externalId: string }): unknown[];
  disable: unknown[];
  memberAdd(id: string): unknown[];
  memberRemove(id: string): unknown[];
  rename(name: string): unknown[];
}

const DEFAULT_MODE: Shape = {
  name: 'default mode',
  query: '',
  userChange: ({ givenName, familyName, externalId }) => [
    { op: 'Replace', path: 'name.givenName', value: givenName },
    { op: 'Replace', path: 'name.familyName', value: familyName },
    { op: 'Add', path: 'externalId', value: externalId },
    { op: 'Replace', path: `${ENTERPRISE}:department`, value: 'Research' },
  ],
  disable: [{ op: 'Replace', path: 'active', value: 'False' }],
  memberAdd: (id) => [{ op: 'Add', path: 'members', value: [{ value: id }] }],
  memberRemove: (id) => [{ op: 'Remove', path: 'members', value: [{ value: id }] }],
  rename: (name) => [{ op: 'Replace', path: 'displayName', value: name }],
};

const AAD_OPT_2020: Shape = {
  name: '?aadOptscim062020',
  query: '?aadOptscim062020',
  userChange: ({ givenName, familyName, externalId }) => [
    {
      op: 'replace',
      value: {
        'name.givenName': givenName,
        'urn:ietf:params:scim:schemas:core:2.0:User:name.familyName': familyName,
        externalId,
        [`${ENTERPRISE}:department`]: 'Research',
      },
    },
  ],
  disable: [{ op: 'replace', value: { active: false } }],
  memberAdd: (id) => [{ op: 'add', path: 'members', value: [{ value: id }] }],
  memberRemove: (id) => [{ op: 'remove', path: `members[value eq "${id}"]` }],
  rename: (name) => [{ op: 'replace', value: { displayName: name } }],
};

/** The steps of Microsoft's SCIM validator (user and group tests), in both of Entra's PATCH modes. */
describe.each([DEFAULT_MODE, AAD_OPT_2020])('SCIM: Microsoft SCIM validator, $name', (shape) => {
  let t: TestApp;
  let tenant: Tenant;
  let auth: { Authorization: string };

  beforeAll(async () => {
    t = await startTestApp();
    tenant = await createTenant(t.app);
    auth = await scimAuth(t.app, tenant);
  });
  afterAll(() => t.close());

  const patch = (resource: string, id: string, operations: unknown[]) =>
    t.http
      .patch(`/scim/v2/${resource}/${id}${shape.query}`)
      .set(auth)
      .set('Content-Type', 'application/scim+json')
      .send(JSON.stringify({ schemas: [PATCH_OP], Operations: operations }));

  const entraUser = (userName: string) => ({
    schemas: [USER_SCHEMA, ENTERPRISE],
    externalId: `ext-${userName}`,
    userName,
    active: true,
    displayName: 'Adele Vance',
    title: 'Retail Manager',
    emails: [{ primary: true, type: 'work', value: userName }],
    preferredLanguage: 'en-US',
    name: { formatted: 'Adele Vance', familyName: 'Vance', givenName: 'Adele' },
    [ENTERPRISE]: { department: 'Retail', employeeNumber: '1234' },
  });

  const filter = (resource: string, text: string, extra = '') =>
    t.http
      .get(`/scim/v2/${resource}?filter=${encodeURIComponent(text)}${extra}${shape.query ? '&aadOptscim062020' : ''}`)
      .set(auth);

  it('creates, filters, reads, patches, disables and deletes a user; a duplicate is 409', async () => {
    const userName = `adele.${shape.query ? 'opt' : 'default'}@example.test`;
    const created = await t.http
      .post(`/scim/v2/Users${shape.query}`)
      .set(auth)
      .set('Content-Type', 'application/scim+json')
      .send(JSON.stringify(entraUser(userName)))
      .expect(201);
    expect(created.headers['content-type']).toMatch(/^application\/scim\+json/);
    const id = created.body.id as string;
    expect(created.body).toMatchObject({
      userName,
      externalId: `ext-${userName}`,
      active: true,
      displayName: 'Adele Vance',
      preferredLanguage: 'en-US',
    });
    expect((await t.http.get(`/api/v1/people/${id}`).set(tenant.auth)).body.locale).toBe('en-US');

    const duplicate = await t.http.post('/scim/v2/Users').set(auth).send(entraUser(userName)).expect(409);
    expect(duplicate.body).toEqual(scimError(409, 'uniqueness'));

    const byUserName = await filter('Users', `userName eq "${userName}"`).expect(200);
    expect(byUserName.body.Resources.map((user: { id: string }) => user.id)).toEqual([id]);
    const byExternal = await filter('Users', `externalId eq "ext-${userName}"`).expect(200);
    expect(byExternal.body.totalResults).toBe(1);
    const byEmail = await filter('Users', `emails[type eq "work"].value eq "${userName.toUpperCase()}"`).expect(200);
    expect(byEmail.body.totalResults).toBe(1);
    const nobody = await filter('Users', 'userName eq "nobody@example.test"').expect(200);
    expect(nobody.body).toMatchObject({ totalResults: 0, Resources: [] });

    await t.http.get(`/scim/v2/Users/${id}`).set(auth).expect(200);

    const changed = await patch(
      'Users',
      id,
      shape.userChange({ givenName: 'Adela', familyName: 'Vance-Smith', externalId: 'ext-2' }),
    ).expect(200);
    expect(changed.body).toMatchObject({
      name: { givenName: 'Adela', familyName: 'Vance-Smith' },
      externalId: 'ext-2',
      active: true,
    });
    // The same PATCH again is harmless.
    await patch(
      'Users',
      id,
      shape.userChange({ givenName: 'Adela', familyName: 'Vance-Smith', externalId: 'ext-2' }),
    ).expect(200);

    const disabled = await patch('Users', id, shape.disable).expect(200);
    expect(disabled.body.active).toBe(false);
    expect((await t.http.get(`/api/v1/people/${id}`).set(tenant.auth)).body.archived_at).not.toBeNull();

    await t.http.delete(`/scim/v2/Users/${id}`).set(auth).expect(204);
    await t.http.get(`/scim/v2/Users/${id}`).set(auth).expect(404);
  });

  it('creates, filters, renames a group, adds and removes members, and deletes it', async () => {
    const members = [];
    for (const name of ['one', 'two', 'three']) {
      const user = await t.http
        .post('/scim/v2/Users')
        .set(auth)
        .send(entraUser(`${name}.${shape.query ? 'o' : 'd'}@example.test`))
        .expect(201);
      members.push(user.body.id as string);
    }
    const [one, two, three] = members;
    const created = await t.http
      .post(`/scim/v2/Groups${shape.query}`)
      .set(auth)
      .send({
        schemas: [GROUP_SCHEMA],
        externalId: `grp-${shape.name}`,
        displayName: `Group ${shape.name}`,
        members: [{ value: one }],
      })
      .expect(201);
    const id = created.body.id as string;
    expect(created.body).toMatchObject({
      schemas: [GROUP_SCHEMA],
      displayName: `Group ${shape.name}`,
      externalId: `grp-${shape.name}`,
      members: [{ value: one, display: 'Adele Vance' }],
      meta: { resourceType: 'Group', location: `http://api.test/scim/v2/Groups/${id}` },
    });
    expect(created.headers.location).toBe(`http://api.test/scim/v2/Groups/${id}`);
    expect(created.headers['content-type']).toMatch(/^application\/scim\+json/);

    const byName = await filter('Groups', `displayName eq "Group ${shape.name}"`, '&excludedAttributes=members').expect(
      200,
    );
    expect(byName.body.totalResults).toBe(1);
    expect(byName.body.Resources[0]).not.toHaveProperty('members');

    const read = await t.http.get(`/scim/v2/Groups/${id}?excludedAttributes=members`).set(auth).expect(200);
    expect(read.body).toMatchObject({ id, displayName: `Group ${shape.name}` });
    expect(read.body).not.toHaveProperty('members');

    await patch('Groups', id, shape.rename(`Renamed ${shape.name}`)).expect(204);
    await patch('Groups', id, shape.memberAdd(two)).expect(204);
    await patch('Groups', id, shape.memberAdd(three)).expect(204);
    await patch('Groups', id, shape.memberAdd(three)).expect(204);
    const isMember = (user: string) =>
      filter('Groups', `id eq "${id}" and members eq "${user}"`, '&excludedAttributes=members');
    expect((await isMember(two).expect(200)).body.totalResults).toBe(1);

    await patch('Groups', id, shape.memberRemove(two)).expect(204);
    // Removing someone no longer a member is harmless (a retried PATCH).
    await patch('Groups', id, shape.memberRemove(two)).expect(204);
    expect((await isMember(two).expect(200)).body.totalResults).toBe(0);

    const after = await t.http.get(`/scim/v2/Groups/${id}`).set(auth).expect(200);
    expect(after.body.displayName).toBe(`Renamed ${shape.name}`);
    expect(after.body.members.map((member: { value: string }) => member.value).sort()).toEqual([one, three].sort());
    const attributes = await t.http.get(`/scim/v2/Groups/${id}?attributes=displayName`).set(auth).expect(200);
    expect(Object.keys(attributes.body).sort()).toEqual(['displayName', 'id', 'schemas']);

    await t.http.delete(`/scim/v2/Groups/${id}`).set(auth).expect(204);
    await t.http.get(`/scim/v2/Groups/${id}`).set(auth).expect(404);
    await t.http.get(`/api/v1/groups/${id}`).set(tenant.auth).expect(404);
  });
});
