import { IllegalTransitionError, newId } from '@lib/core';
import { ShowPerson } from '../../src/people/application/show-person.use-case';
import type { Person } from '../../src/people/domain/person';
import { assertContractHonoured, takeContractViolations } from '../support/contract';
import { ContractValidator, Exchange } from '../support/contract-validator';
import { createTenant, Tenant } from '../support/fixtures';
import { startTestApp, TestApp } from '../support/test-app';

/** The harness that checks every end-to-end response against the served document must itself reject wrong ones. */
describe('the contract harness', () => {
  let t: TestApp;
  let tenant: Tenant;
  let validator: ContractValidator;

  const counted = { 'x-request-id': 'r-1', 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '59' };
  const json = { 'content-type': 'application/json; charset=utf-8' };
  const me = { id: newId(), name: 'Ada Lovelace', email: 'ada@example.test', current_organization_name: 'Org' };
  const person = () => ({
    id: newId(),
    organization_id: newId(),
    first_name: null,
    last_name: 'Plato',
    name: 'Plato',
    email: 'plato@example.test',
    phone: '+14155552671',
    source: 'oauth',
    source_id: null,
    external_id: null,
    user_name: null,
    locale: null,
    archived_at: null,
    created_at: '2026-11-22T10:15:30.123Z',
    updated_at: '2026-11-22T10:15:30.123Z',
  });
  const exchange = (overrides: Partial<Exchange> & { json?: unknown }): Exchange => {
    const { json: body, ...rest } = overrides;
    return {
      method: 'GET',
      url: '/api/v1/me',
      status: 200,
      headers: { ...counted, ...json },
      body: Buffer.from(body === undefined ? '' : JSON.stringify(body)),
      ...rest,
    };
  };

  beforeAll(async () => {
    t = await startTestApp();
    tenant = await createTenant(t.app);
    validator = new ContractValidator((await t.http.get('/api/v1/openapi.json').expect(200)).body);
  });
  afterAll(() => t.close());

  describe('the validator', () => {
    it('accepts a response that matches its operation', () => {
      expect(validator.check(exchange({ json: me }))).toEqual([]);
      expect(validator.check(exchange({ url: `/api/v1/people/${newId()}`, json: person() }))).toEqual([]);
      expect(validator.check(exchange({ method: 'HEAD', json: undefined }))).toEqual([]);
    });

    it('rejects a status the operation does not declare', () => {
      const [violation] = validator.check(exchange({ status: 403, json: { message: 'This action is unauthorized.' } }));
      expect(violation).toMatch(/GET \/api\/v1\/me -> 403: status 403 is not declared for GET \/me/);
    });

    it('rejects an extra field, and a missing one', () => {
      expect(validator.check(exchange({ json: { ...me, role: 'owner' } }))).toEqual([
        expect.stringMatching(/must NOT have additional properties 'role'/),
      ]);
      const { email: _email, ...withoutEmail } = me;
      expect(validator.check(exchange({ json: withoutEmail }))).toEqual([
        expect.stringMatching(/must have required property 'email'/),
      ]);
      const page = {
        data: [person()],
        links: {
          first: 'http://api.test/api/v1/people?page=1',
          last: 'http://api.test/api/v1/people?page=1',
          prev: null,
          next: null,
        },
        meta: { current_page: 1, from: 1, last_page: 1, per_page: 25, to: 1, total: 1, extra: 0 },
      };
      expect(validator.check(exchange({ url: '/api/v1/people', json: page }))).toEqual([
        expect.stringMatching(/must NOT have additional properties 'extra'/),
      ]);
    });

    it('rejects wrong types, formats and nullability', () => {
      const violations = (body: object) => validator.check(exchange({ url: `/api/v1/people/${newId()}`, json: body }));
      expect(violations({ ...person(), first_name: 7 })).toEqual([
        expect.stringMatching(/\/first_name must be string,null/),
      ]);
      expect(violations({ ...person(), last_name: null })).toEqual([
        expect.stringMatching(/\/last_name must be string/),
      ]);
      expect(violations({ ...person(), email: 'nope' })).toEqual([
        expect.stringMatching(/\/email must match format "email"/),
      ]);
      expect(violations({ ...person(), id: '01JD7X5M3Q4R8S9T0V1W2X3Y4Z' })).toEqual([
        expect.stringMatching(/\/id must match pattern/),
      ]);
      expect(violations({ ...person(), created_at: 'yesterday' })).toEqual([
        expect.stringMatching(/\/created_at must match format "date-time"/),
      ]);
      expect(violations({ ...person(), source: 'ldap' })).toEqual([
        expect.stringMatching(/\/source must be equal to one of the allowed values/),
      ]);
    });

    it('rejects a missing or malformed declared header', () => {
      const { 'x-ratelimit-limit': _limit, ...withoutLimit } = counted;
      expect(validator.check(exchange({ headers: { ...withoutLimit, ...json }, json: me }))).toEqual([
        expect.stringMatching(/the required header X-RateLimit-Limit is missing/),
      ]);
      expect(
        validator.check(exchange({ headers: { ...counted, 'x-ratelimit-remaining': 'many', ...json }, json: me })),
      ).toEqual([expect.stringMatching(/header X-RateLimit-Remaining: "many" must be integer/)]);
      const tooMany = exchange({ status: 429, json: { message: 'Too Many Attempts.' } });
      expect(validator.check(tooMany)).toEqual([
        expect.stringMatching(/Retry-After is missing/),
        expect.stringMatching(/X-RateLimit-Reset is missing/),
      ]);
    });

    it('rejects a body that is not JSON, and a body where none is declared', () => {
      expect(validator.check(exchange({ headers: { ...counted, 'content-type': 'text/html' }, json: me }))).toEqual([
        expect.stringMatching(/must be application\/json/),
      ]);
      const removal = { method: 'DELETE', url: `/api/v1/groups/${newId()}/people/${newId()}`, status: 204 };
      expect(validator.check(exchange({ ...removal, headers: counted }))).toEqual([]);
      expect(validator.check(exchange({ ...removal, json: { ok: true } }))).toEqual([
        expect.stringMatching(/declares no body/),
      ]);
    });

    it('checks a file answer by its media type, its content and its headers', () => {
      const id = newId();
      const pdf = {
        url: `/api/v1/attestation-requests/${id}/certificate`,
        headers: {
          ...counted,
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="attestation-${id}.pdf"`,
        },
        body: Buffer.from('%PDF-1.7\n…'),
      };
      expect(validator.check(exchange(pdf))).toEqual([]);
      expect(validator.check(exchange({ ...pdf, headers: { ...pdf.headers, ...json } }))).toEqual([
        expect.stringMatching(/the body must be application\/pdf/),
      ]);
      expect(validator.check(exchange({ ...pdf, body: Buffer.from('<html>') }))).toEqual([
        expect.stringMatching(/the body is not a PDF/),
      ]);
      const { 'content-disposition': _disposition, ...withoutDisposition } = pdf.headers;
      expect(validator.check(exchange({ ...pdf, headers: withoutDisposition }))).toEqual([
        expect.stringMatching(/the required header Content-Disposition is missing/),
      ]);
    });

    it('lets only the JSON 404 and 405 answer what no operation describes, and skips the listed non-API paths', () => {
      const notFound = { status: 404, headers: { 'x-request-id': 'r', ...json }, json: { error: 'Not found.' } };
      expect(validator.check(exchange({ url: '/api/v1/nothing', ...notFound }))).toEqual([]);
      expect(validator.check(exchange({ url: '/api/v1/nothing', json: { ok: true } }))).toEqual([
        expect.stringMatching(/no operation in the document describes this path/),
      ]);
      expect(
        validator.check(exchange({ url: '/api/v1/nothing', ...notFound, json: { message: 'gone' } })),
      ).toHaveLength(1);
      const wrongMethod = { method: 'PATCH', status: 405, json: { error: 'Method Not Allowed.' } };
      expect(validator.check(exchange({ ...wrongMethod, headers: { allow: 'GET, HEAD', ...json } }))).toEqual([]);
      expect(validator.check(exchange({ ...wrongMethod, headers: json }))).toEqual([
        expect.stringMatching(/without an Allow header/),
      ]);
      expect(validator.check(exchange({ method: 'PATCH', status: 200, json: me }))).toEqual([
        expect.stringMatching(/the document has no PATCH \/me: expected 405/),
      ]);
      expect(validator.check(exchange({ url: '/health/ready', json: { status: 'ok' }, headers: {} }))).toEqual([]);
    });
  });

  describe('the hook on every test app', () => {
    afterEach(() => jest.restoreAllMocks());

    it('records nothing for answers that honour the document', async () => {
      await t.http.get('/api/v1/me').set(tenant.auth).expect(200);
      await t.http.get('/api/v1/people/not-a-ulid').set(tenant.auth).expect(404);
      await t.http.get('/api/v1/nowhere').expect(404);
      await t.http.put('/api/v1/me').expect(405);
      await new Promise((resolve) => setImmediate(resolve));
      expect(takeContractViolations()).toEqual([]);
    });

    it('catches a real response with a missing field and a malformed one', async () => {
      const id = newId();
      const broken = {
        id,
        organizationId: tenant.organizationId,
        firstName: undefined, // dropped by JSON: a missing field
        lastName: 'Plato',
        name: 'Plato',
        email: 'not an email',
        phone: null,
        source: 'oauth',
        sourceId: null,
        archivedAt: null,
        createdAt: new Date(),
        updatedAt: new Date(),
      } as unknown as Person;
      jest.spyOn(t.app.get(ShowPerson), 'execute').mockResolvedValue(broken);
      await t.http.get(`/api/v1/people/${id}`).set(tenant.auth).expect(200);
      await new Promise((resolve) => setImmediate(resolve));
      expect(takeContractViolations()).toEqual([
        expect.stringMatching(
          new RegExp(
            `GET /api/v1/people/${id} -> 200: .*must have required property 'first_name'.*/email must match format "email"`,
          ),
        ),
      ]);
    });

    it('catches a real response with a status the operation does not declare', async () => {
      jest.spyOn(t.app.get(ShowPerson), 'execute').mockRejectedValue(new IllegalTransitionError('not here'));
      await t.http.get(`/api/v1/people/${newId()}`).set(tenant.auth).expect(409);
      await new Promise((resolve) => setImmediate(resolve));
      expect(takeContractViolations()).toEqual([
        expect.stringMatching(/-> 409: status 409 is not declared for GET \/people\/\{id\}/),
      ]);
    });

    it('fails the test that produced a violation (the check every test file runs after each test)', async () => {
      jest.spyOn(t.app.get(ShowPerson), 'execute').mockRejectedValue(new IllegalTransitionError('not here'));
      await t.http.get(`/api/v1/people/${newId()}`).set(tenant.auth).expect(409);
      await expect(assertContractHonoured()).rejects.toThrow(
        /1 response\(s\) broke the OpenAPI contract[\s\S]*status 409/,
      );
      // The check consumed the violation, so this test's own afterEach passes.
      await expect(assertContractHonoured()).resolves.toBeUndefined();
    });
  });
});
