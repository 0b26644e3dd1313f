import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RouteCatalog } from '@lib/http';
import { FEED_EVENT_TYPES } from '../../src/events/domain/event-type';
import { formatApiDescription } from '../../src/openapi/api-description';
import { DESCRIPTION_APP_URL, writeApiDescription } from '../../src/openapi/write-api-description';
import { startTestApp, TestApp } from '../support/test-app';

const COMMITTED = join(__dirname, '..', '..', 'openapi.json');

type Json = Record<string, any>;

/** Every operation of the document, with its method and path. */
function operations(document: Json): { method: string; path: string; operation: Json }[] {
  return Object.entries(document.paths as Record<string, Json>).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'put', 'post', 'delete', 'patch'].includes(method))
      .map(([method, operation]) => ({ method, path, operation: operation as Json })),
  );
}

function schemaOf(document: Json, name: string): Json {
  const schema = document.components.schemas[name];
  if (!schema) throw new Error(`no schema ${name}`);
  return schema;
}

describe('the OpenAPI description', () => {
  let t: TestApp;
  let document: Json;

  beforeAll(async () => {
    // A tiny rate limit: the description must stay reachable far beyond it. The APP_URL `npm run openapi`
    // writes into the committed file's `servers`.
    t = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '2', APP_URL: DESCRIPTION_APP_URL } });
    document = (await t.http.get('/api/v1/openapi.json').expect(200)).body;
  });
  afterAll(() => t.close());

  describe('serving', () => {
    it('serves an OpenAPI 3.1 document, version 1.0.0, as JSON without a token and without rate limiting', async () => {
      for (let i = 0; i < 5; i++) {
        const response = await t.http.get('/api/v1/openapi.json').expect(200);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(response.headers['x-request-id']).toEqual(expect.any(String));
        expect(response.headers['x-ratelimit-limit']).toBeUndefined();
        expect(response.body.openapi).toBe('3.1.0');
        expect(response.body.info.version).toBe('1.0.0');
      }
      // The same client without a token is limited on the API itself, so the exemption above is real.
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await t.http.get('/api/v1/me')).status);
      expect(statuses).toEqual([401, 401, 429]);
    });

    it('ignores a bearer token it does not need, even an invalid one', async () => {
      await t.http.get('/api/v1/openapi.json').set('Authorization', 'Bearer not-a-token').expect(200);
    });

    it('serves a browsable reference at /api/v1/docs that loads the document, with its assets', async () => {
      const page = await t.http.get('/api/v1/docs').expect(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.text).toContain("url: './openapi.json'");
      expect(page.text).toContain('./docs/assets/swagger-ui-bundle.js');
      const slashed = await t.http.get('/api/v1/docs/').expect(200);
      expect(slashed.text).toContain("url: '../openapi.json'");
      const script = await t.http.get('/api/v1/docs/assets/swagger-ui-bundle.js').expect(200);
      expect(script.headers['content-type']).toMatch(/javascript/);
      const style = await t.http.get('/api/v1/docs/assets/swagger-ui.css').expect(200);
      expect(style.headers['content-type']).toMatch(/^text\/css/);
      for (const name of ['package.json', 'index.html', '..%2F..%2Fpackage.json']) {
        await t.http.get(`/api/v1/docs/assets/${name}`).expect(404, { error: 'Not found.' });
      }
      await t.http.post('/api/v1/openapi.json').expect(405);
    });
  });

  describe('drift', () => {
    it('equals the committed openapi.json (run `npm run openapi` after changing an endpoint)', () => {
      const committed = readFileSync(COMMITTED, 'utf8');
      const served = formatApiDescription(document as never);
      if (committed !== served) {
        throw new Error(
          'openapi.json differs from the document the code generates. Run `npm run openapi` and commit openapi.json.',
        );
      }
    });

    it('is what `npm run openapi` writes, built without a database', async () => {
      const dir = await mkdtemp(join(tmpdir(), 'openapi-'));
      try {
        await writeApiDescription(join(dir, 'openapi.json'));
        expect(JSON.parse(await readFile(join(dir, 'openapi.json'), 'utf8'))).toEqual(document);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });
  });

  describe('coverage', () => {
    it('describes exactly the routes served under /api/v1, besides the description itself', () => {
      const served = t.app
        .get(RouteCatalog)
        .routes()
        .filter((route) => route.path.startsWith('/api/v1/') && !/^\/api\/v1\/(openapi\.json|docs)/.test(route.path))
        .map((route) => `${route.method} ${route.path.slice('/api/v1'.length).replace(/:([A-Za-z_]+)/g, '{$1}')}`);
      const described = operations(document).map(({ method, path }) => `${method.toUpperCase()} ${path}`);
      expect(described.sort()).toEqual([...new Set(served)].sort());
      expect(described.sort()).toEqual(
        [
          'DELETE /groups/{group}/people/{person}',
          'GET /attestation-requests',
          'GET /attestation-requests/{id}',
          'GET /attestation-requests/{id}/certificate',
          'GET /attestation-requests/{id}/evidence',
          'GET /documents',
          'GET /groups',
          'GET /me',
          'GET /people',
          'GET /people/{id}',
          'POST /attestation-requests',
          'POST /attestation-requests/{id}/cancel',
          'POST /attestation-requests/{id}/remind',
          'POST /attestation-requests/{id}/signing-url',
          'POST /groups/{group}/people',
          'POST /people',
          'GET /webhook-endpoints',
          'POST /webhook-endpoints',
          'GET /webhook-endpoints/{id}',
          'PATCH /webhook-endpoints/{id}',
          'DELETE /webhook-endpoints/{id}',
          'POST /webhook-endpoints/{id}/rotate-secret',
          'POST /webhook-endpoints/{id}/test',
          'GET /webhook-endpoints/{id}/deliveries',
          'POST /webhook-endpoints/{id}/deliveries/{attempt}/redeliver',
          'GET /events',
          'GET /attestation-requests/{id}/events',
          // People, documents and groups managed through the API (docs/api-resources.md).
          'PATCH /people/{id}',
          'POST /people/{id}/archive',
          'POST /people/{id}/restore',
          'GET /documents/{id}',
          'POST /documents',
          'PATCH /documents/{id}',
          'POST /documents/{id}/archive',
          'POST /documents/{id}/restore',
          'POST /documents/{id}/revisions',
          'GET /documents/{id}/revisions',
          'GET /groups/{group}',
          'POST /groups',
          'PATCH /groups/{group}',
          'PATCH /organization',
          'DELETE /groups/{group}',
          'GET /groups/{group}/people',
          'GET /groups/{group}/documents',
          'POST /groups/{group}/documents',
          'DELETE /groups/{group}/documents/{document}',
          'GET /api-tokens',
          'POST /api-tokens',
          'POST /api-tokens/{id}/revoke',
          'GET /audit-log',
          // The organization's settings: its people's default language (GET too).
          'GET /organization',
          // Group managers and the compliance exports (docs/api-resources.md).
          'GET /groups/{group}/managers',
          'PUT /groups/{group}/managers',
          'GET /exports/people.csv',
          'GET /exports/documents/{document}/status.csv',
          'GET /exports/audit-log.csv',
        ].sort(),
      );
      expect(document.servers).toEqual([expect.objectContaining({ url: 'https://attestations.example/api/v1' })]);
    });

    it('names the server absolutely, from APP_URL, so generated clients need no patching', async () => {
      const elsewhere = await startTestApp({ database: t.database, env: { APP_URL: 'https://attest.example.org/' } });
      try {
        const served = (await elsewhere.http.get('/api/v1/openapi.json').expect(200)).body as Json;
        expect(served.servers).toEqual([
          expect.objectContaining({ url: 'https://attest.example.org/api/v1', description: expect.any(String) }),
        ]);
      } finally {
        await elsewhere.close();
      }
    });

    it('gives every request body an example: every field has one', () => {
      const missing: string[] = [];
      for (const { method, path, operation } of operations(document)) {
        if (!operation.requestBody) continue;
        const media = operation.requestBody.content['application/json'] as Json;
        const schema = media.schema.$ref ? schemaOf(document, media.schema.$ref.split('/').pop()) : media.schema;
        for (const [field, property] of Object.entries(schema.properties as Record<string, Json>)) {
          if (property.example === undefined && property.examples === undefined) {
            missing.push(`${operation.operationId} (${method.toUpperCase()} ${path}): ${field}`);
          }
        }
      }
      expect(missing).toEqual([]);
    });

    it('requires the bearer token on every operation', () => {
      expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
      expect(document.security).toEqual([{ bearer: [] }]);
      for (const { operation } of operations(document)) expect(operation.security).toBeUndefined();
    });

    it("declares the pipeline's answers on every operation, with their bodies and headers", () => {
      const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
      for (const { method, path, operation } of operations(document)) {
        const responses = operation.responses as Record<string, Json>;
        const body = (status: string) => responses[status]?.content?.['application/json']?.schema;
        const where = `${method.toUpperCase()} ${path}`;
        const expected = ['401', '402', '429', '500', '503'];
        if (operation.operationId !== 'showMe') expected.push('403');
        if (path.includes('{')) expected.push('404');
        if (operation.requestBody) expected.push('400', '413', '422');
        if ((operation.parameters ?? []).some((p: Json) => p.in === 'query')) expected.push('422');
        expect({ where, statuses: Object.keys(responses) }).toEqual({
          where,
          statuses: expect.arrayContaining(expected),
        });

        expect({ where, body: body('401') }).toEqual({ where, body: ref('ErrorMessage') });
        expect({ where, body: body('402') }).toEqual({ where, body: ref('PaymentRequired') });
        expect({ where, body: body('429') }).toEqual({ where, body: ref('Message') });
        expect({ where, body: body('500') }).toEqual({ where, body: ref('ErrorMessage') });
        // Each failure shows its own example, not the shared schema's ("Not found." everywhere).
        const example = (status: string) => responses[status].content['application/json'].example;
        expect({ where, example: example('401') }).toEqual({ where, example: { error: 'Unauthenticated.' } });
        expect({ where, example: example('500') }).toEqual({ where, example: { error: 'Server Error.' } });
        expect({ where, example: example('503') }).toEqual({ where, example: { error: 'Service Unavailable.' } });
        if (responses['403']) expect({ where, body: body('403') }).toEqual({ where, body: ref('Message') });
        if (responses['404']) expect({ where, body: body('404') }).toEqual({ where, body: ref('ErrorMessage') });
        if (responses['422']) expect({ where, body: body('422') }).toEqual({ where, body: ref('ValidationError') });

        for (const [status, response] of Object.entries(responses)) {
          const headers = Object.keys(response.headers ?? {});
          expect({ where, status, headers }).toEqual({
            where,
            status,
            headers: expect.arrayContaining(['X-Request-Id']),
          });
          if (!['500', '503'].includes(status)) {
            const counted = expect.arrayContaining(['X-RateLimit-Limit', 'X-RateLimit-Remaining']);
            expect({ where, status, headers }).toEqual({ where, status, headers: counted });
          }
        }
        expect(Object.keys(responses['429'].headers)).toEqual(
          expect.arrayContaining(['Retry-After', 'X-RateLimit-Reset']),
        );
      }
      for (const header of [
        'X-Request-Id',
        'X-RateLimit-Limit',
        'X-RateLimit-Remaining',
        'X-RateLimit-Reset',
        'Retry-After',
      ]) {
        expect(document.components.headers[header]).toMatchObject({ required: true, schema: expect.any(Object) });
      }
    });

    it('declares the success answers the contract lists', () => {
      const success = (path: string, method: string) => {
        const responses = document.paths[path][method].responses as Record<string, Json>;
        const status = Object.keys(responses).find((code) => code.startsWith('2'))!;
        return { status, schema: responses[status].content?.['application/json']?.schema ?? null };
      };
      expect(success('/me', 'get')).toEqual({ status: '200', schema: { $ref: '#/components/schemas/Me' } });
      expect(success('/people', 'get')).toEqual({
        status: '200',
        schema: { oneOf: [{ $ref: '#/components/schemas/PersonPage' }, { $ref: '#/components/schemas/PersonList' }] },
      });
      expect(success('/people', 'post')).toEqual({ status: '201', schema: { $ref: '#/components/schemas/Person' } });
      expect(success('/people/{id}', 'get')).toEqual({
        status: '200',
        schema: { $ref: '#/components/schemas/Person' },
      });
      expect(success('/documents', 'get')).toEqual({
        status: '200',
        schema: { $ref: '#/components/schemas/DocumentPage' },
      });
      expect(success('/groups', 'get')).toEqual({ status: '200', schema: { $ref: '#/components/schemas/GroupPage' } });
      expect(success('/groups/{group}/people', 'post')).toEqual({
        status: '200',
        schema: { $ref: '#/components/schemas/GroupMembershipList' },
      });
      expect(success('/groups/{group}/people/{person}', 'delete')).toEqual({ status: '204', schema: null });
      expect(success('/attestation-requests', 'post')).toEqual({
        status: '201',
        schema: { $ref: '#/components/schemas/AttestationRequest' },
      });
      expect(document.paths['/attestation-requests'].post.responses['400']).toBeDefined();
      expect(success('/attestation-requests/{id}/evidence', 'get')).toEqual({
        status: '200',
        schema: { $ref: '#/components/schemas/AttestationEvidence' },
      });
      const certificate = document.paths['/attestation-requests/{id}/certificate'].get.responses;
      expect(certificate['200'].content).toEqual({
        'application/pdf': { schema: { type: 'string', format: 'binary' } },
      });
      expect(certificate['200'].headers['Content-Disposition']).toMatchObject({ required: true });
      expect(certificate['409'].content['application/json'].schema).toEqual({
        $ref: '#/components/schemas/ErrorMessage',
      });
    });
  });

  describe('schemas', () => {
    /** The component schemas a response can reach. */
    function responseSchemaNames(): Set<string> {
      const names = new Set<string>();
      const visit = (node: unknown): void => {
        if (Array.isArray(node)) return node.forEach(visit);
        if (typeof node !== 'object' || node === null) return;
        for (const [key, value] of Object.entries(node)) {
          if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')) {
            const name = value.slice('#/components/schemas/'.length);
            if (!names.has(name)) {
              names.add(name);
              visit(schemaOf(document, name));
            }
          } else visit(value);
        }
      };
      for (const { operation } of operations(document)) visit(operation.responses);
      return names;
    }

    it('describes one webhook per event type, each naming the schema of its data, all of which an Event may carry', () => {
      const dataOf = (type: string) =>
        document.webhooks[type].post.requestBody.content['application/json'].schema.allOf[1].properties;
      expect(Object.keys(document.webhooks)).toEqual([...FEED_EVENT_TYPES, 'webhook.test']);
      const expected: Record<string, string> = {
        'attestation_request.created': 'AttestationRequest',
        'attestation_request.declined': 'AttestationRequest',
        'person.created': 'Person',
        'person.restored': 'Person',
        'document.updated': 'Document',
        'document.revision_published': 'DocumentRevisionPublished',
        'group.deleted': 'GroupDetails',
        'group.members_added': 'GroupMembersChange',
        'group.members_removed': 'GroupMembersChange',
        'group.documents_added': 'GroupDocumentsChange',
        'group.documents_removed': 'GroupDocumentsChange',
      };
      for (const [type, schema] of Object.entries(expected)) {
        expect(dataOf(type)).toEqual({ type: { const: type }, data: { $ref: `#/components/schemas/${schema}` } });
      }
      const carried = new Set(FEED_EVENT_TYPES.map((type) => dataOf(type).data.$ref));
      expect(new Set(schemaOf(document, 'Event').properties.data.oneOf.map((ref: Json) => ref.$ref))).toEqual(carried);
      expect(carried.size).toBe(7);
      expect(schemaOf(document, 'Event').properties.type.enum).toEqual([...FEED_EVENT_TYPES]);
      expect(schemaOf(document, 'GroupMembersChange').required).toEqual(
        expect.arrayContaining(['person_ids', 'auto_issue_requests']),
      );
    });

    it('closes every response object: a field the document does not list is a contract break', () => {
      const names = responseSchemaNames();
      expect([...names].sort()).toEqual(
        expect.arrayContaining([
          'Person',
          'PersonPage',
          'Document',
          'AttestationCounts',
          'PaginationMeta',
          'ValidationError',
        ]),
      );
      for (const name of names) {
        const schema = schemaOf(document, name);
        expect({ name, additionalProperties: schema.additionalProperties }).toEqual({
          name,
          additionalProperties: false,
        });
        expect({ name, required: [...schema.required].sort() }).toEqual({
          name,
          required: Object.keys(schema.properties)
            .filter((key) => key !== 'error' || name !== 'ValidationError')
            .sort(),
        });
      }
    });

    it('states nullability the OpenAPI 3.1 way, as type arrays, never with `nullable`', () => {
      expect(JSON.stringify(document)).not.toContain('"nullable"');
      const person = schemaOf(document, 'Person').properties;
      expect(person.first_name.type).toEqual(['string', 'null']);
      expect(person.phone.type).toEqual(['string', 'null']);
      expect(person.source_id.type).toEqual(['string', 'null']);
      expect(person.archived_at).toMatchObject({ type: ['string', 'null'], format: 'date-time' });
      expect(person.last_name.type).toBe('string');
      const documentSchema = schemaOf(document, 'Document').properties;
      expect(documentSchema.renewal_interval_days.type).toEqual(['integer', 'null']);
      expect(documentSchema.last_updated_at.type).toEqual(['string', 'null']);
      const request = schemaOf(document, 'AttestationRequest').properties;
      for (const field of [
        'recipient_message',
        'sent_at',
        'viewed_at',
        'attested_at',
        'canceled_at',
        'expires_at',
        'expired_at',
      ]) {
        expect({ field, type: request[field].type }).toEqual({ field, type: ['string', 'null'] });
      }
      const links = schemaOf(document, 'PaginationLinks').properties;
      expect(links.prev.type).toEqual(['string', 'null']);
      expect(links.first.type).toBe('string');
      expect(schemaOf(document, 'PaginationMeta').properties.from.type).toEqual(['integer', 'null']);
    });

    it('gives ids the ULID pattern, times the date-time format and emails the email format', () => {
      const person = schemaOf(document, 'Person').properties;
      expect(person.id.pattern).toBe('^[0-7][0-9a-hjkmnp-tv-z]{25}$');
      expect(new RegExp(person.id.pattern).test('01jd7x5m3q4r8s9t0v1w2x3y4z')).toBe(true);
      expect(person.organization_id.pattern).toBe(person.id.pattern);
      expect(person.created_at).toMatchObject({ type: 'string', format: 'date-time' });
      expect(person.email).toMatchObject({ type: 'string', format: 'email' });
      expect(schemaOf(document, 'Me').properties.email.format).toBe('email');
      const request = schemaOf(document, 'AttestationRequest').properties;
      for (const field of ['id', 'document_id', 'document_revision_id', 'person_id']) {
        expect(request[field].pattern).toBe(person.id.pattern);
      }
      expect(request.status.enum).toEqual([
        'created',
        'sent',
        'viewed',
        'attested',
        'canceled',
        'expired',
        'bounced',
        'failed',
        'complained',
      ]);
      const path = document.paths['/people/{id}'].get.parameters.find((p: Json) => p.name === 'id');
      expect(path).toMatchObject({ in: 'path', required: true, schema: { type: 'string' } });
      expect(new RegExp(path.schema.pattern).test('01JD7X5M3Q4R8S9T0V1W2X3Y4Z')).toBe(true);
    });

    it('marks requested_attestation_type deprecated on request creation', () => {
      const body = document.paths['/attestation-requests'].post.requestBody;
      expect(body).toMatchObject({
        required: true,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/CreateAttestationRequestBody' } } },
      });
      const schema = schemaOf(document, 'CreateAttestationRequestBody');
      expect(schema.properties.requested_attestation_type).toMatchObject({ deprecated: true, enum: ['signature'] });
      expect(schema.required).toEqual(['person_id', 'document_id']);
      expect(schema.properties.recipient_message).toMatchObject({ type: ['string', 'null'], maxLength: 5000 });
    });

    it('states the bounds and enums of every parameter and body field', () => {
      const parameters = (path: string) =>
        Object.fromEntries(
          (document.paths[path].get.parameters as Json[])
            .filter((p) => p.in === 'query')
            .map((p) => [p.name, p.schema]),
        );
      const paging = {
        per_page: { type: 'integer', minimum: 1, maximum: 100, default: 25 },
        page: { type: 'integer', minimum: 1, default: 1 },
      };
      const archived = { type: 'string', enum: ['true', 'false', '1', '0'], default: 'false' };
      expect(parameters('/people')).toEqual({
        ...paging,
        archived,
        id: { type: 'string', pattern: '^[0-7][0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{25}$' },
        name: { type: 'string', maxLength: 255 },
        email: { type: 'string', maxLength: 255 },
        phone: { type: 'string', maxLength: 50 },
        external_id: { type: 'string', maxLength: 255 },
      });
      expect(parameters('/documents')).toEqual({ ...paging, archived, name: { type: 'string', maxLength: 255 } });
      expect(parameters('/groups')).toEqual(paging);

      const person = schemaOf(document, 'CreatePersonBody');
      expect(person.required).toEqual(['last_name', 'email']);
      expect(person.properties.last_name).toMatchObject({ type: 'string', maxLength: 255 });
      expect(person.properties.email).toMatchObject({ type: 'string', format: 'email', maxLength: 255 });
      expect(person.properties.first_name).toMatchObject({ type: ['string', 'null'], maxLength: 255 });
      expect(person.properties.phone).toMatchObject({ type: ['string', 'null'], maxLength: 32 });
      expect(schemaOf(document, 'AddPeopleToGroupBody').properties.person_ids).toMatchObject({
        type: 'array',
        minItems: 1,
        maxItems: 100,
        uniqueItems: true,
        items: { type: 'string', pattern: expect.any(String) },
      });
      expect(schemaOf(document, 'Person').properties.source.enum).toEqual(['oauth', 'web', 'system', 'partner_center']);
      expect(schemaOf(document, 'Document').properties.default_attestation_type.enum).toEqual([
        'acknowledgment',
        'signature',
      ]);
    });

    it('describes the error bodies of the contract exactly', () => {
      const shape = (name: string) => {
        const schema = schemaOf(document, name);
        return { properties: Object.keys(schema.properties), required: schema.required };
      };
      expect(shape('ErrorMessage')).toEqual({ properties: ['error'], required: ['error'] });
      expect(shape('Message')).toEqual({ properties: ['message'], required: ['message'] });
      expect(shape('PaymentRequired')).toEqual({
        properties: ['message', 'payment_url'],
        required: ['message', 'payment_url'],
      });
      expect(shape('ValidationError')).toEqual({
        properties: ['message', 'errors', 'error'],
        required: ['message', 'errors'],
      });
      expect(schemaOf(document, 'ValidationError').properties.errors.additionalProperties).toEqual({
        type: 'array',
        items: { type: 'string' },
        minItems: 1,
      });
    });
  });
});
