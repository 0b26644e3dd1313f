import { DataSource } from 'typeorm';
import { FixedClock } from '@lib/core';
import { ChangeOrganizationBilling } from '../../src/identity/application/change-organization-billing.use-case';
import { CreateOrganization } from '../../src/identity/application/create-organization.use-case';
import { IssueApiToken } from '../../src/identity/application/issue-api-token.use-case';
import { JoinOrganization } from '../../src/identity/application/join-organization.use-case';
import { RevokeApiToken } from '../../src/identity/application/revoke-api-token.use-case';
import { hashToken, TOKEN_PREFIX } from '../../src/identity/domain/api-token';
import { createTenant } from '../support/fixtures';
import { startTestApp, TestApp } from '../support/test-app';

describe('token, billing and role checks', () => {
  let t: TestApp;
  let clock: FixedClock;
  beforeAll(async () => {
    clock = new FixedClock(new Date('2026-11-22T10:00:00.000Z'));
    t = await startTestApp({ clock });
  });
  afterAll(() => t.close());

  describe('401 Unauthenticated', () => {
    const expect401 = async (headers: Record<string, string>) => {
      const response = await t.http.get('/api/v1/me').set(headers).expect(401);
      expect(response.body).toEqual({ error: 'Unauthenticated.' });
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    };

    it('without an Authorization header', () => expect401({}));

    it('with another scheme than Bearer', async () => {
      const tenant = await createTenant(t.app);
      await expect401({ Authorization: `Basic ${tenant.token}` });
      await expect401({ Authorization: tenant.token });
      await expect401({ Authorization: 'Bearer' });
    });

    it('with an unknown token', () => expect401({ Authorization: `Bearer ${TOKEN_PREFIX}unknown-token-value` }));

    it('with a revoked token, from the very next request', async () => {
      const tenant = await createTenant(t.app);
      await t.http.get('/api/v1/me').set(tenant.auth).expect(200);
      await t.app.get(RevokeApiToken).execute(tenant.tokenId);
      await expect401(tenant.auth);
    });

    it('with an expired token', async () => {
      const tenant = await createTenant(t.app);
      const { plaintext } = await t.app.get(IssueApiToken).execute({
        userId: tenant.userId,
        organizationId: tenant.organizationId,
        expiresAt: new Date(clock.now().getTime() + 60_000),
      });
      await t.http
        .get('/api/v1/me')
        .set({ Authorization: `Bearer ${plaintext}` })
        .expect(200);
      clock.advance(60_000);
      await expect401({ Authorization: `Bearer ${plaintext}` });
      clock.advance(-60_000);
    });

    it('accepts the scheme in any letter case', async () => {
      const tenant = await createTenant(t.app);
      await t.http
        .get('/api/v1/me')
        .set({ Authorization: `bearer ${tenant.token}` })
        .expect(200);
    });
  });

  describe('tokens at rest', () => {
    it('stores only the SHA-256 of a token, and the plaintext carries a scannable prefix', async () => {
      const tenant = await createTenant(t.app);
      expect(tenant.token.startsWith(TOKEN_PREFIX)).toBe(true);
      const rows = await t.db.query(`SELECT token_hash, name FROM api_tokens WHERE id = $1`, [tenant.tokenId]);
      expect(rows[0].token_hash).toBe(hashToken(tenant.token));
      const leaked = await t.db.query(
        `SELECT count(*)::int AS n FROM api_tokens t WHERE position($1 in row_to_json(t)::text) > 0`,
        [tenant.token],
      );
      expect(leaked[0].n).toBe(0);
    });

    it('writes last_used_at at most once a minute', async () => {
      const tenant = await createTenant(t.app);
      const lastUsed = async () =>
        (await t.db.query(`SELECT last_used_at FROM api_tokens WHERE id = $1`, [tenant.tokenId]))[0].last_used_at;
      expect(await lastUsed()).toBeNull();
      await t.http.get('/api/v1/me').set(tenant.auth).expect(200);
      const first = await lastUsed();
      expect(first).toEqual(clock.now());
      clock.advance(30_000);
      await t.http.get('/api/v1/me').set(tenant.auth).expect(200);
      expect(await lastUsed()).toEqual(first);
      clock.advance(31_000);
      await t.http.get('/api/v1/me').set(tenant.auth).expect(200);
      expect(await lastUsed()).toEqual(clock.now());
    });
  });

  describe('402 billing', () => {
    it('answers 402 with payment_url for an ended trial, on GET /me too', async () => {
      const tenant = await createTenant(t.app, {
        billing: 'trial',
        trialEndsAt: new Date(clock.now().getTime() + 1000),
      });
      await t.http.get('/api/v1/me').set(tenant.auth).expect(200);
      clock.advance(1000);
      const response = await t.http.get('/api/v1/me').set(tenant.auth).expect(402);
      expect(response.body).toEqual({ message: expect.any(String), payment_url: 'http://api.test/billing' });
      clock.advance(-1000);
    });

    it('answers 402 for an inactive organization, and lets it in again once active', async () => {
      const tenant = await createTenant(t.app, { billing: 'inactive' });
      const response = await t.http.get('/api/v1/me').set(tenant.auth).expect(402);
      expect(response.body.payment_url).toBe('http://api.test/billing');
      await t.app.get(ChangeOrganizationBilling).execute({ organizationId: tenant.organizationId, billing: 'active' });
      await t.http.get('/api/v1/me').set(tenant.auth).expect(200);
    });

    it('comes after authentication: a bad token in an inactive organization is 401', async () => {
      await createTenant(t.app, { billing: 'inactive' });
      await t.http.get('/api/v1/me').set({ Authorization: 'Bearer nope' }).expect(401);
    });

    it('comes before the role check: a group manager of an inactive organization gets 402', async () => {
      const tenant = await createTenant(t.app, { billing: 'inactive', role: 'group_manager' });
      await t.http.get('/api/v1/people').set(tenant.auth).expect(402);
    });
  });

  describe('GET /me across organizations', () => {
    it('answers the organization of the token used, for a user in two organizations', async () => {
      const first = await createTenant(t.app, { name: 'First Org' });
      const second = await t.app.get(CreateOrganization).execute({ name: 'Second Org', billing: 'active' });
      await t.app
        .get(JoinOrganization)
        .execute({ userId: first.userId, organizationId: second.id, role: 'group_manager' });
      const { plaintext } = await t.app.get(IssueApiToken).execute({ userId: first.userId, organizationId: second.id });

      const inFirst = await t.http.get('/api/v1/me').set(first.auth).expect(200);
      const inSecond = await t.http
        .get('/api/v1/me')
        .set({ Authorization: `Bearer ${plaintext}` })
        .expect(200);
      expect(inFirst.body.current_organization_name).toBe('First Org');
      expect(inSecond.body.current_organization_name).toBe('Second Org');
      expect(inSecond.body.id).toBe(first.userId);
      // The role is per organization: a group manager in the second one only.
      await t.http
        .get('/api/v1/people')
        .set({ Authorization: `Bearer ${plaintext}` })
        .expect(403);
    });
  });

  describe('403 for group managers', () => {
    it('lets a group manager call GET /me', async () => {
      const tenant = await createTenant(t.app, { role: 'group_manager' });
      await t.http.get('/api/v1/me').set(tenant.auth).expect(200);
    });

    it('refuses a group manager on every other registered route', async () => {
      const { RouteCatalog } = await import('@lib/http');
      const tenant = await createTenant(t.app, { role: 'group_manager' });
      const all = t.app.get(RouteCatalog).routes();
      expect(all).toContainEqual({ method: 'GET', path: '/api/v1/me' });
      const routes = all
        .filter((route) => route.path.startsWith('/api/v1/'))
        .filter((route) => !(route.method === 'GET' && route.path === '/api/v1/me'))
        .filter((route) => !/^\/api\/v1\/(openapi\.json|docs)/.test(route.path));
      // Every route added by a later change is covered here without editing this test.
      expect(routes.map((r) => `${r.method} ${r.path}`)).toContain('GET /api/v1/people');
      for (const route of routes) {
        const path = route.path.replace(/:[A-Za-z_]+/g, '01jd0000000000000000000000').replace(/\{?\*[a-z]+\}?/g, 'x');
        const call = t.http[route.method.toLowerCase() as 'get' | 'post' | 'delete' | 'put' | 'patch'](path).set(
          tenant.auth,
        );
        const response = await (route.method === 'GET' || route.method === 'DELETE' ? call : call.send({}));
        expect({ route: `${route.method} ${route.path}`, status: response.status, body: response.body }).toEqual({
          route: `${route.method} ${route.path}`,
          status: 403,
          body: { message: 'This action is unauthorized.' },
        });
      }
    });

    it('takes a role change into account on the next request', async () => {
      const tenant = await createTenant(t.app, { role: 'administrator' });
      await t.http
        .get('/api/v1/people')
        .set(tenant.auth)
        .expect((r) => expect(r.status).not.toBe(403));
      await t.app
        .get(JoinOrganization)
        .execute({ userId: tenant.userId, organizationId: tenant.organizationId, role: 'group_manager' });
      await t.http.get('/api/v1/people').set(tenant.auth).expect(403);
    });
  });

  it('the database connection in the tests is a real PostgreSQL', async () => {
    const [{ version }] = await t.app.get(DataSource).query('SELECT version()');
    expect(version).toMatch(/PostgreSQL/);
  });
});
