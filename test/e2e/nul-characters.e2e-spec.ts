import { createTenant, Tenant } from '../support/fixtures';
import { createDocument, createPerson } from '../support/membership-fixtures';
import { startTestApp, TestApp } from '../support/test-app';

/** PostgreSQL text cannot hold U+0000; a string carrying one is a validation error (422), never a 500. */
describe('strings holding U+0000', () => {
  let t: TestApp;
  let tenant: Tenant;

  beforeAll(async () => {
    t = await startTestApp();
    tenant = await createTenant(t.app);
  });
  afterAll(() => t.close());

  it('are refused in POST /people fields', async () => {
    for (const field of ['last_name', 'first_name']) {
      const body = { last_name: 'Hopper', email: `nul.${field}@example.test`, [field]: 'Gr\u0000ace' };
      const response = await t.http.post('/api/v1/people').set(tenant.auth).send(body).expect(422);
      expect(response.body.errors).toEqual({ [field]: [`The ${field.replace('_', ' ')} field must be a string.`] });
    }
  });

  it('are refused in list filters', async () => {
    for (const [path, field] of [
      ['/api/v1/people?name=%00', 'name'],
      ['/api/v1/people?email=a%00', 'email'],
      ['/api/v1/people?phone=%00', 'phone'],
      ['/api/v1/documents?name=%00', 'name'],
    ]) {
      const response = await t.http.get(path).set(tenant.auth);
      expect({ path, status: response.status, errors: Object.keys(response.body.errors ?? {}) }).toEqual({
        path,
        status: 422,
        errors: [field],
      });
    }
  });

  it('are refused in a request message', async () => {
    const person = await createPerson(t.app, tenant.organizationId);
    const document = await createDocument(t.app, tenant.organizationId);
    const response = await t.http
      .post('/api/v1/attestation-requests')
      .set(tenant.auth)
      .send({ person_id: person.id, document_id: document.id, recipient_message: 'Please\u0000sign' })
      .expect(422);
    expect(response.body.errors).toEqual({ recipient_message: ['The recipient message field must be a string.'] });
  });
});
