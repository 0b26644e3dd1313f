import { DataSource } from 'typeorm';
import { CreateUser } from '../../src/identity/application/create-user.use-case';
import { IssueApiToken } from '../../src/identity/application/issue-api-token.use-case';
import { createTenant, Tenant } from '../support/fixtures';
import { startTestApp, TestApp } from '../support/test-app';

/** API settings through the API (docs/console.md): the tokens and the audit log, for owners and administrators. */
describe('API tokens and the audit log through the API', () => {
  let t: TestApp;
  let owner: Tenant;
  beforeAll(async () => {
    t = await startTestApp();
    owner = await createTenant(t.app);
  });
  afterAll(() => t.close());

  it('creates a token shown once, lists it without the secret, and revokes it: the next call is 401', async () => {
    const created = await t.http
      .post('/api/v1/api-tokens')
      .set(owner.auth)
      .send({ name: '  HR sync  ', expires_at: '2099-01-01T00:00:00Z' })
      .expect(201);
    expect(created.body).toMatchObject({
      name: 'HR sync',
      scope: 'api:use',
      user_id: owner.userId,
      created_by_user_id: owner.userId,
      expires_at: '2099-01-01T00:00:00.000Z',
      revoked_at: null,
      token: expect.stringMatching(/^atst_/),
    });
    const auth = { Authorization: `Bearer ${created.body.token}` };
    await t.http.get('/api/v1/me').set(auth).expect(200);

    const list = await t.http.get('/api/v1/api-tokens').set(owner.auth).expect(200);
    expect(list.body.data[0].id).toBe(created.body.id);
    expect(list.body.data[0].last_used_at).not.toBeNull();
    expect(JSON.stringify(list.body)).not.toContain(created.body.token);
    expect(list.body.meta.total).toBe(2);

    const revoked = await t.http.post(`/api/v1/api-tokens/${created.body.id}/revoke`).set(owner.auth).expect(200);
    expect(revoked.body.revoked_at).not.toBeNull();
    await t.http.get('/api/v1/me').set(auth).expect(401);
    const again = await t.http.post(`/api/v1/api-tokens/${created.body.id}/revoke`).set(owner.auth).expect(200);
    expect(again.body.revoked_at).toBe(revoked.body.revoked_at);

    const log = await t.http.get('/api/v1/audit-log').set(owner.auth).expect(200);
    expect(log.body.data.map((entry: { action: string }) => entry.action)).toEqual([
      'api_token.revoked',
      'api_token.created',
    ]);
    expect(log.body.data[1]).toMatchObject({ user_id: owner.userId, details: { name: 'HR sync' } });
    expect(log.body.has_more).toBe(false);
  });

  it("makes a group manager's token, which reaches GET /me only; a SCIM token does not reach the API", async () => {
    const { user } = await t.app.get(CreateUser).execute({
      organizationId: owner.organizationId,
      name: 'Grace Manager',
      email: `grace.${Date.now()}@example.test`,
      role: 'group_manager',
    });
    const managerToken = await t.http
      .post('/api/v1/api-tokens')
      .set(owner.auth)
      .send({ name: 'Grace', user_id: user.id.toUpperCase() })
      .expect(201);
    expect(managerToken.body.user_id).toBe(user.id);
    const managerAuth = { Authorization: `Bearer ${managerToken.body.token}` };
    await t.http.get('/api/v1/me').set(managerAuth).expect(200);
    await t.http.get('/api/v1/api-tokens').set(managerAuth).expect(403);
    await t.http.post('/api/v1/api-tokens').set(managerAuth).send({ name: 'mine' }).expect(403);
    await t.http.get('/api/v1/audit-log').set(managerAuth).expect(403);

    const scim = await t.http.post('/api/v1/api-tokens').set(owner.auth).send({ name: 'IdP', scope: 'scim' });
    expect(scim.status).toBe(201);
    expect(scim.body.scope).toBe('scim');
    await t.http
      .get('/api/v1/me')
      .set({ Authorization: `Bearer ${scim.body.token}` })
      .expect(401);
  });

  it('makes a token only for its creator or a group manager: never one acting as another owner or administrator', async () => {
    const member = async (role: 'owner' | 'administrator' | 'group_manager') =>
      (
        await t.app.get(CreateUser).execute({
          organizationId: owner.organizationId,
          name: `A ${role}`,
          email: `${role}.${Date.now()}@example.test`,
          role,
        })
      ).user.id;
    const otherOwner = await member('owner');
    const administrator = await member('administrator');
    const manager = await member('group_manager');
    const { plaintext } = await t.app
      .get(IssueApiToken)
      .execute({ userId: administrator, organizationId: owner.organizationId });
    const adminAuth = { Authorization: `Bearer ${plaintext}` };

    for (const [auth, userId] of [
      [adminAuth, owner.userId],
      [adminAuth, otherOwner],
      [owner.auth, administrator],
      [owner.auth, otherOwner],
    ] as const) {
      const refused = await t.http.post('/api/v1/api-tokens').set(auth).send({ name: 'As someone', user_id: userId });
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual({ user_id: ['A token acts as its creator or as a group manager.'] });
    }
    for (const [auth, userId] of [
      [adminAuth, administrator],
      [adminAuth, manager],
      [owner.auth, owner.userId],
      [owner.auth, manager],
    ] as const) {
      const made = await t.http.post('/api/v1/api-tokens').set(auth).send({ name: 'Allowed', user_id: userId });
      expect(made.status).toBe(201);
      expect(made.body.user_id).toBe(userId);
    }
    const listed = await t.http.get('/api/v1/api-tokens?per_page=100').set(owner.auth).expect(200);
    const actingAs = listed.body.data.map((token: { user_id: string }) => token.user_id);
    expect(actingAs).not.toContain(otherOwner);
    expect(actingAs.filter((userId: string) => userId === administrator)).toHaveLength(2);
  });

  it('refuses bad input with 422 and another organization’s token with 404', async () => {
    const bad = await t.http
      .post('/api/v1/api-tokens')
      .set(owner.auth)
      .send({ name: '', scope: 'root', expires_at: '2000-01-01T00:00:00Z', user_id: '01ARZ3NDEKTSV4RRFFQ69G5FAV' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['name', 'scope']);
    const past = await t.http
      .post('/api/v1/api-tokens')
      .set(owner.auth)
      .send({ name: 'x', expires_at: '2000-01-01T00:00:00Z', user_id: '01ARZ3NDEKTSV4RRFFQ69G5FAV' });
    expect(past.status).toBe(422);
    expect(Object.keys(past.body.errors).sort()).toEqual(['expires_at', 'user_id']);

    const other = await createTenant(t.app);
    await t.http.post(`/api/v1/api-tokens/${other.tokenId}/revoke`).set(owner.auth).expect(404);
    await t.http.get('/api/v1/me').set(other.auth).expect(200);
    await t.http.post('/api/v1/api-tokens/not-an-id/revoke').set(owner.auth).expect(404);
    await t.http.get('/api/v1/audit-log?user_id=nope').set(owner.auth).expect(422);
  });

  it('keeps the audit log append-only: the database refuses updates and deletes', async () => {
    const db = t.app.get(DataSource);
    await expect(db.query(`UPDATE audit_log SET action = 'x'`)).rejects.toThrow(/append-only/);
    await expect(db.query(`DELETE FROM audit_log`)).rejects.toThrow(/append-only/);
    const [{ count }] = await db.query(`SELECT count(*)::int AS count FROM audit_log`);
    expect(count).toBeGreaterThan(0);
  });
});
