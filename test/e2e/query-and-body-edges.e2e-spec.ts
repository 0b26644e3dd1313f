import { request as httpRequest } from 'node:http';
import { AddressInfo, connect } from 'node:net';
import { createTenant, Tenant } from '../support/fixtures';
import { createPerson } from '../support/membership-fixtures';
import { startTestApp, TestApp } from '../support/test-app';

/** Defects found by fuzzing and by hand: query parameters in array form, odd integers, charsets, lone surrogates. */
describe('query and body edges', () => {
  let t: TestApp;
  let tenant: Tenant;

  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000' } });
    tenant = await createTenant(t.app);
    await createPerson(t.app, tenant.organizationId);
    await createPerson(t.app, tenant.organizationId);
  });
  afterAll(() => t.close());

  /** The test app is driven through supertest, which listens per request; this listens once for a raw client. */
  async function listen(app: TestApp): Promise<AddressInfo> {
    await app.app.listen(0, '127.0.0.1');
    return app.app.getHttpServer().address() as AddressInfo;
  }

  const get = (query: string, path = '/api/v1/people') => t.http.get(`${path}?${query}`).set(tenant.auth);

  it.each([
    ['id[]=01jd0000000000000000000abc', 'id', 'The id field must be a string.'],
    ['name[x]=ada', 'name', 'The name field must be a string.'],
    ['archived[]=true', 'archived', 'The selected archived is invalid.'],
    ['per_page[]=5', 'per_page', 'The per page field must be an integer.'],
    ['page[0]=2', 'page', 'The page field must be an integer.'],
  ])(
    'a known parameter in array or object form (%s) is 422 on that field, never an unfiltered list',
    async (query, field, message) => {
      const response = await get(query).expect(422);
      expect(response.body).toEqual({ message, errors: { [field]: [message] } });
    },
  );

  it('a bracketed parameter the endpoint does not know is ignored like any unknown one', async () => {
    await get('colour[]=red').expect(200);
    await get('name[]=x', '/api/v1/documents').expect(422);
  });

  it('a page number too large to count is a page beyond the last: 200 with empty data', async () => {
    const response = await get('page=99999999999999999999&per_page=1').expect(200);
    expect(response.body.data).toEqual([]);
    expect(response.body.meta).toMatchObject({ from: null, to: null, per_page: 1 });
    expect(response.body.meta.total).toBeGreaterThanOrEqual(2);
    expect(response.body.links.next).toBeNull();
    expect(response.body.links.prev).toContain(`page=${response.body.meta.last_page}`);
    await get('per_page=99999999999999999999').expect(422);
  });

  it.each(['per_page=05', 'page=05', 'page=00', 'per_page=+5', 'page=%205', 'page=1.0'])(
    'leading zeros, signs, spaces and decimals are not whole numbers (%s): 422',
    async (query) => {
      const field = query.split('=')[0];
      const response = await get(query).expect(422);
      expect(Object.keys(response.body.errors)).toEqual([field]);
    },
  );

  it('0 itself is a whole number (below the minimum)', async () => {
    const response = await get('page=0').expect(422);
    expect(response.body.errors.page).toEqual(['The page field must be at least 1.']);
  });

  it('reads a body sent in chunks (no Content-Length) and answers a POST that sends none as an empty object', async () => {
    // Bodiless requests skip the body reader; whether one has a body is read from Transfer-Encoding or Content-Length.
    const { port } = await listen(t);
    const chunked = await new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
      const sent = httpRequest(
        {
          port,
          method: 'POST',
          path: '/api/v1/people',
          headers: { ...tenant.auth, 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
        },
      );
      sent.on('error', reject);
      sent.write('{"first_name":"Chunked",');
      sent.end(`"last_name":"Body","email":"chunked.${Date.now()}@example.test"}`);
    });
    expect(chunked).toMatchObject({ status: 201, body: { first_name: 'Chunked', last_name: 'Body' } });

    // Neither Content-Length nor Transfer-Encoding (supertest would send `Content-Length: 0`): written by hand.
    const none = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () =>
        socket.write(
          `POST /api/v1/people HTTP/1.1\r\nHost: api.test\r\nAuthorization: ${tenant.auth.Authorization}\r\n` +
            'Connection: close\r\n\r\n',
        ),
      );
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(none).toMatch(/^HTTP\/1\.1 422 /);
    expect(JSON.parse(none.slice(none.indexOf('\r\n\r\n') + 4)).errors).toHaveProperty('last_name');
  });

  it('parses a body declared in another charset: ASCII as ISO-8859-1, and its Latin-1 letters', async () => {
    const ascii = `{"first_name":"Ada","last_name":"Byron","email":"ada.${Date.now()}@example.test"}`;
    const created = await t.http
      .post('/api/v1/people')
      .set(tenant.auth)
      .set('Content-Type', 'application/json; charset=iso-8859-1')
      .send(ascii)
      .expect(201);
    expect(created.body.last_name).toBe('Byron');

    const latin1 = Buffer.from(`{"last_name":"Ren\u00e9e","email":"renee.${Date.now()}@example.test"}`, 'latin1');
    const accented = await t.http
      .post('/api/v1/people')
      .set(tenant.auth)
      .set('Content-Type', 'application/json; charset=ISO-8859-1')
      .serialize((bytes: unknown) => bytes as string) // the bytes as they are, not a JSON rendering of a Buffer
      .send(latin1);
    expect(accented.body).toMatchObject({ last_name: 'Ren\u00e9e' });
    expect(accented.status).toBe(201);
    expect(accented.body.last_name).toBe('Ren\u00e9e');

    const broken = await t.http
      .post('/api/v1/people')
      .set(tenant.auth)
      .set('Content-Type', 'application/json; charset=iso-8859-1')
      .send('{"last_name":')
      .expect(400);
    expect(broken.body).toEqual({ error: 'The request body is not valid JSON.' });
  });

  it('a lone UTF-16 surrogate answers what is stored (U+FFFD), in the 201 and afterwards', async () => {
    const body = `{"last_name":"A\\ud800B","email":"lone.${Date.now()}@example.test"}`;
    const created = await t.http
      .post('/api/v1/people')
      .set(tenant.auth)
      .set('Content-Type', 'application/json')
      .send(body)
      .expect(201);
    expect(created.body.last_name).toBe('A\uFFFDB');
    const shown = await t.http.get(`/api/v1/people/${created.body.id}`).set(tenant.auth).expect(200);
    expect(shown.body.last_name).toBe('A\uFFFDB');
  });
});
