import { startTestApp, TestApp } from '../support/test-app';
import { createTenant } from '../support/fixtures';

describe('GET /api/v1/me', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers the token user and its organization', async () => {
    const tenant = await createTenant(t.app);
    const response = await t.http.get('/api/v1/me').set(tenant.auth).expect(200);
    expect(response.body).toEqual({
      id: tenant.userId,
      name: 'Ada Lovelace',
      email: expect.stringMatching(/@example\.test$/),
      current_organization_name: tenant.organizationName,
    });
  });
});
