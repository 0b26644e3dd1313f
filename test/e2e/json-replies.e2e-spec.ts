import { createTenant, Tenant } from '../support/fixtures';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * Every JSON answer (written by JsonReplyAdapter) says its type with the charset and its exact length in bytes; HEAD
 * gets the head alone.
 */
describe('JSON answers', () => {
  let t: TestApp;
  let tenant: Tenant;
  beforeAll(async () => {
    t = await startTestApp();
    tenant = await createTenant(t.app);
  });
  afterAll(() => t.close());

  it('carry the JSON type with its charset and the length in bytes of what is sent, multi-byte characters included', async () => {
    const created = await t.http
      .post('/api/v1/people')
      .set(tenant.auth)
      .send({ first_name: 'Zoë 😀', last_name: 'Ōkubo-Ångström', email: 'zoe.okubo@example.test' })
      .expect(201);
    expect(created.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(created.headers['content-length'])).toBe(Buffer.byteLength(created.text));

    const shown = await t.http.get(`/api/v1/people/${created.body.id}`).set(tenant.auth).expect(200);
    expect(shown.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(shown.headers['content-length'])).toBe(Buffer.byteLength(shown.text));
    expect(Buffer.byteLength(shown.text)).toBeGreaterThan(shown.text.length);
    expect(shown.body).toMatchObject({
      first_name: 'Zoë 😀',
      last_name: 'Ōkubo-Ångström',
      name: 'Zoë 😀 Ōkubo-Ångström',
    });

    // A long page (over Express's 1,000-character threshold) as well.
    const page = await t.http.get('/api/v1/people?per_page=100').set(tenant.auth).expect(200);
    expect(page.text.length).toBeGreaterThan(0);
    expect(Number(page.headers['content-length'])).toBe(Buffer.byteLength(page.text));
  });

  it('answers HEAD with the head of GET and no body', async () => {
    const get = await t.http.get('/api/v1/me').set(tenant.auth).expect(200);
    const head = await t.http.head('/api/v1/me').set(tenant.auth).expect(200);
    expect(head.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.text ?? '').toBe('');
  });
});
