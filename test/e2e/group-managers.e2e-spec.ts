import { CreateUser } from '../../src/identity/application/create-user.use-case';
import { createTenant, Tenant } from '../support/fixtures';
import { groupManagerOf } from '../support/management-fixtures';
import { createGroup } from '../support/membership-fixtures';
import { startTestApp, TestApp } from '../support/test-app';

let counter = 0;

/** PUT and GET /groups/{id}/managers: owners and administrators put group managers in charge of groups. */
describe('group managers through the API', () => {
  let t: TestApp;
  let owner: Tenant;
  let other: Tenant;

  const userOf = async (tenant: Tenant, role: 'group_manager' | 'administrator', name: string) => {
    const { user } = await t.app.get(CreateUser).execute({
      organizationId: tenant.organizationId,
      name,
      email: `gm.${Date.now().toString(36)}${(counter++).toString(36)}@example.test`,
      role,
    });
    return user;
  };

  beforeAll(async () => {
    t = await startTestApp();
    owner = await createTenant(t.app);
    other = await createTenant(t.app);
  });
  afterAll(() => t.close());

  it('replaces the managers, answers them by name, lists them, and audits each change once', async () => {
    const group = await createGroup(t.app, owner.organizationId);
    const zoe = await userOf(owner, 'group_manager', 'Zoë Zarate');
    const abe = await userOf(owner, 'group_manager', 'Abe Abbott');
    const put = await t.http
      .put(`/api/v1/groups/${group.id}/managers`)
      .set(owner.auth)
      .send({ user_ids: [zoe.id.toUpperCase(), abe.id] })
      .expect(200);
    expect(put.body).toEqual({
      data: [
        { user_id: abe.id, name: 'Abe Abbott', email: abe.email },
        { user_id: zoe.id, name: 'Zoë Zarate', email: zoe.email },
      ],
    });
    const listed = await t.http.get(`/api/v1/groups/${group.id}/managers`).set(owner.auth).expect(200);
    expect(listed.body).toEqual(put.body);

    // The same list again changes nothing and records nothing.
    await t.http
      .put(`/api/v1/groups/${group.id}/managers`)
      .set(owner.auth)
      .send({ user_ids: [abe.id, zoe.id] });
    const replaced = await t.http
      .put(`/api/v1/groups/${group.id}/managers`)
      .set(owner.auth)
      .send({ user_ids: [zoe.id] })
      .expect(200);
    expect(replaced.body.data.map((m: { user_id: string }) => m.user_id)).toEqual([zoe.id]);
    const emptied = await t.http
      .put(`/api/v1/groups/${group.id}/managers`)
      .set(owner.auth)
      .send({ user_ids: [] })
      .expect(200);
    expect(emptied.body).toEqual({ data: [] });

    const log = await t.http.get('/api/v1/audit-log?action=group.managers_changed').set(owner.auth).expect(200);
    expect(log.body.data.map((e: { details: unknown }) => e.details)).toEqual([
      { group_id: group.id, added: [], removed: [zoe.id] },
      { group_id: group.id, added: [], removed: [abe.id] },
      { group_id: group.id, added: [abe.id, zoe.id].sort(), removed: [] },
    ]);
    expect(log.body.data[0].user_id).toBe(owner.userId);
  });

  it('answers 422 on user_ids.N for ids that are not group managers of the organization, changing nothing', async () => {
    const group = await createGroup(t.app, owner.organizationId);
    const manager = await userOf(owner, 'group_manager', 'Mia Manager');
    const admin = await userOf(owner, 'administrator', 'Adam Admin');
    const outsider = await userOf(other, 'group_manager', 'Olga Outsider');
    await t.http
      .put(`/api/v1/groups/${group.id}/managers`)
      .set(owner.auth)
      .send({ user_ids: [manager.id] });
    const refused = await t.http
      .put(`/api/v1/groups/${group.id}/managers`)
      .set(owner.auth)
      .send({ user_ids: [manager.id, admin.id, outsider.id, 'not-an-id', manager.id.toUpperCase(), 7] })
      .expect(422);
    expect(Object.keys(refused.body.errors).sort()).toEqual([
      'user_ids.0',
      'user_ids.1',
      'user_ids.2',
      'user_ids.3',
      'user_ids.4',
      'user_ids.5',
    ]);
    expect(refused.body.errors['user_ids.1']).toEqual(['The selected user ids.1 is invalid.']);
    expect(refused.body.errors['user_ids.0']).toEqual(['The user ids.0 field has a duplicate value.']);
    const listed = await t.http.get(`/api/v1/groups/${group.id}/managers`).set(owner.auth).expect(200);
    expect(listed.body.data.map((m: { user_id: string }) => m.user_id)).toEqual([manager.id]);

    const tooMany = Array.from({ length: 101 }, () => manager.id);
    const over = await t.http
      .put(`/api/v1/groups/${group.id}/managers`)
      .set(owner.auth)
      .send({ user_ids: tooMany })
      .expect(422);
    expect(Object.keys(over.body.errors)).toEqual(['user_ids']);
    await t.http.put(`/api/v1/groups/${group.id}/managers`).set(owner.auth).send({}).expect(422);
    await t.http.put(`/api/v1/groups/${group.id}/managers`).set(owner.auth).send({ user_ids: 'x' }).expect(422);
  });

  it("answers 404 for another organization's group or a malformed id, and 403 to a group manager's token", async () => {
    const theirs = await createGroup(t.app, other.organizationId);
    await t.http.get(`/api/v1/groups/${theirs.id}/managers`).set(owner.auth).expect(404);
    await t.http.put(`/api/v1/groups/${theirs.id}/managers`).set(owner.auth).send({ user_ids: [] }).expect(404);
    await t.http.get('/api/v1/groups/nope/managers').set(owner.auth).expect(404);

    const mine = await createGroup(t.app, owner.organizationId);
    const managerAuth = await groupManagerOf(t.app, owner);
    await t.http.get(`/api/v1/groups/${mine.id}/managers`).set(managerAuth).expect(403);
    await t.http.put(`/api/v1/groups/${mine.id}/managers`).set(managerAuth).send({ user_ids: [] }).expect(403);
  });

  it('drops a manager whose role changed from the list, and one removed from the organization for good', async () => {
    const group = await createGroup(t.app, owner.organizationId);
    const manager = await userOf(owner, 'group_manager', 'Rita Role');
    await t.http
      .put(`/api/v1/groups/${group.id}/managers`)
      .set(owner.auth)
      .send({ user_ids: [manager.id] });
    await t.db.query(`UPDATE organization_memberships SET role = 'administrator' WHERE user_id = $1`, [manager.id]);
    const listed = await t.http.get(`/api/v1/groups/${group.id}/managers`).set(owner.auth).expect(200);
    expect(listed.body.data).toEqual([]);
    await t.db.query(`DELETE FROM organization_memberships WHERE user_id = $1`, [manager.id]);
    const [{ count }] = await t.db.query(`SELECT count(*)::int AS count FROM group_managers WHERE user_id = $1`, [
      manager.id,
    ]);
    expect(count).toBe(0);
  });
});
