import { PassThrough } from 'node:stream';
import { RouteCatalog } from '@lib/http';
import { createTenant, Tenant } from '../support/fixtures';
import { TcpProxy } from '../support/tcp-proxy';
import { createTestDatabase } from '../support/test-database';
import { startTestApp, TestApp } from '../support/test-app';

describe('error hygiene and the order of the pipeline', () => {
  let t: TestApp;
  let tenant: Tenant;
  let logs: string[];
  /** A POST route of the API, whichever exists: body handling is the same for all. */
  let postPath: string;

  beforeAll(async () => {
    logs = [];
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
    t = await startTestApp({ env: { LOG_LEVEL: 'info' }, logStream });
    tenant = await createTenant(t.app);
    const post = t.app
      .get(RouteCatalog)
      .routes()
      .find((route) => route.method === 'POST' && route.path.startsWith('/api/v1/'));
    postPath = (post?.path ?? '/api/v1/people').replace(/:[A-Za-z_]+/g, '01jd0000000000000000000000');
  });
  afterAll(() => t.close());

  it('answers an unknown route 404 in JSON, before authentication', async () => {
    const response = await t.http.get('/api/v1/nothing-here').expect(404);
    expect(response.body).toEqual({ error: 'Not found.' });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const root = await t.http.get('/').expect(404, { error: 'Not found.' });
    expect(root.headers['x-request-id']).toEqual(expect.any(String));
  });

  it('answers a wrong method on a known path 405 with Allow, before authentication', async () => {
    const response = await t.http.delete('/api/v1/me').expect(405);
    expect(response.body).toEqual({ error: 'Method Not Allowed.' });
    expect(response.headers.allow).toBe('GET, HEAD');
  });

  it('answers malformed JSON 400 once authenticated', async () => {
    const response = await t.http
      .post(postPath)
      .set(tenant.auth)
      .set('Content-Type', 'application/json')
      .send('{"last_name": "x",')
      .expect(400);
    expect(response.body).toEqual({ error: expect.any(String) });
    expect(JSON.stringify(response.body)).not.toMatch(/SyntaxError|at JSON|node_modules/);
  });

  it('answers a JSON body that is not an object 400', async () => {
    for (const body of ['[1,2]', '"text"', '42', 'null']) {
      const response = await t.http.post(postPath).set(tenant.auth).set('Content-Type', 'application/json').send(body);
      expect({ body, status: response.status }).toEqual({ body, status: 400 });
      expect(response.body.error).toEqual(expect.any(String));
    }
  });

  it('checks the token before the body: malformed JSON without a token is 401', async () => {
    await t.http
      .post(postPath)
      .set('Content-Type', 'application/json')
      .send('{oops')
      .expect(401, { error: 'Unauthenticated.' });
  });

  it('answers a 2 MiB body 413', async () => {
    const big = JSON.stringify({ last_name: 'x'.repeat(2 * 1024 * 1024) });
    const response = await t.http.post(postPath).set(tenant.auth).set('Content-Type', 'application/json').send(big);
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ error: expect.any(String) });
  });

  it('sends no ETag and ignores If-None-Match: a list is answered in full every time', async () => {
    const first = await t.http.get('/api/v1/people').set(tenant.auth).expect(200);
    expect(first.headers.etag).toBeUndefined();
    for (const [header, value] of [
      ['If-None-Match', '*'],
      ['If-Modified-Since', new Date(Date.now() + 3600_000).toUTCString()],
    ]) {
      const again = await t.http.get('/api/v1/people').set(tenant.auth).set(header, value).expect(200);
      expect(again.body).toEqual(first.body);
    }
  });

  it('echoes a client X-Request-Id, generates one otherwise, and refuses unsafe ones', async () => {
    const echoed = await t.http.get('/api/v1/me').set(tenant.auth).set('X-Request-Id', 'client-id-123').expect(200);
    expect(echoed.headers['x-request-id']).toBe('client-id-123');
    const generated = await t.http.get('/api/v1/nothing').expect(404);
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const unsafe = await t.http.get('/api/v1/me').set(tenant.auth).set('X-Request-Id', 'evil\tvalue').expect(200);
    expect(unsafe.headers['x-request-id']).not.toBe('evil\tvalue');
  });

  it('writes structured JSON request logs that never contain the token', async () => {
    await t.http.get('/api/v1/me').set(tenant.auth).set('X-Request-Id', 'log-check-1').expect(200);
    await new Promise((resolve) => setImmediate(resolve));
    const lines = logs.join('').split('\n').filter(Boolean);
    const entry = lines.map((line) => JSON.parse(line)).find((record) => record.req?.id === 'log-check-1');
    expect(entry).toMatchObject({ req: { method: 'GET', url: '/api/v1/me' }, res: { statusCode: 200 } });
    expect(logs.join('')).not.toContain(tenant.token);
    expect(logs.join('')).not.toContain(tenant.token.slice(5, 25));
  });

  it('logs an unexpected error with the id of the request that met it, and that request as errored', async () => {
    // A table gone from under the API: the database answers, but with an error no route expects.
    await t.db.query('ALTER TABLE groups RENAME TO groups_gone');
    try {
      await t.http.get('/api/v1/groups').set(tenant.auth).set('X-Request-Id', 'log-check-500').expect(500);
    } finally {
      await t.db.query('ALTER TABLE groups_gone RENAME TO groups');
    }
    await new Promise((resolve) => setImmediate(resolve));
    const records = logs
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { req?: { id?: string }; msg?: string; level?: number; err?: unknown });
    const mine = records.filter((record) => record.req?.id === 'log-check-500');
    expect(mine).toEqual([
      expect.objectContaining({ msg: 'unexpected error', level: 50, err: expect.anything() }),
      expect.objectContaining({
        msg: 'request errored',
        level: 50,
        req: { id: 'log-check-500', method: 'GET', url: '/api/v1/groups' },
        res: expect.objectContaining({ statusCode: 500 }),
        organizationId: tenant.organizationId,
      }),
    ]);
    // A line logged outside any request carries none.
    expect(records.filter((record) => record.msg !== undefined && record.req === undefined).length).toBeGreaterThan(0);
  });
});

describe('PostgreSQL outage', () => {
  it('answers 503 without internals while the database is unreachable, and recovers without a restart', async () => {
    const database = await createTestDatabase();
    const proxy = new TcpProxy('127.0.0.1', Number(new URL(database.url).port || 5432));
    const port = await proxy.start();
    const proxied = new URL(database.url);
    proxied.port = String(port);
    const t = await startTestApp({ database, env: { DATABASE_URL: proxied.toString() } });
    try {
      const tenant = await createTenant(t.app);
      await t.http.get('/api/v1/me').set(tenant.auth).expect(200);

      await proxy.stop();
      const down = await t.http.get('/api/v1/me').set(tenant.auth);
      expect(down.status).toBe(503);
      expect(down.body).toEqual({ error: expect.any(String) });
      expect(JSON.stringify(down.body)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|postgres|select/i);
      const ready = await t.http.get('/health/ready');
      expect(ready.status).toBe(503);

      await proxy.start(port);
      let recovered = 0;
      for (let attempt = 0; attempt < 20 && recovered !== 200; attempt++) {
        recovered = (await t.http.get('/api/v1/me').set(tenant.auth)).status;
        if (recovered !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(recovered).toBe(200);
    } finally {
      await t.close();
      await proxy.stop();
      await database.drop();
    }
  });
});

describe('health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers liveness and readiness without a token, outside /api/v1, without rate limit headers', async () => {
    const live = await t.http.get('/health/live').expect(200);
    expect(live.body.status).toBe('ok');
    const ready = await t.http.get('/health/ready').expect(200);
    expect(ready.body).toMatchObject({ status: 'ok', info: { database: { status: 'up' }, redis: { status: 'up' } } });
    expect(ready.headers['x-ratelimit-limit']).toBeUndefined();
    await t.http.get('/api/v1/health/ready').expect(404);
  });

  it('reports Redis down when it cannot be reached', async () => {
    const broken = await startTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    try {
      const ready = await broken.http.get('/health/ready').expect(503);
      expect(ready.body.details.redis.status).toBe('down');
      expect(ready.body.details.database.status).toBe('up');
      // Public probe: no hosts, ports or driver messages.
      expect(JSON.stringify(ready.body)).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|message/);
    } finally {
      await broken.close();
    }
  });
});

describe('hostile request shapes', () => {
  let t: TestApp;
  let tenant: Tenant;
  beforeAll(async () => {
    t = await startTestApp();
    tenant = await createTenant(t.app);
  });
  afterAll(() => t.close());

  it('refuses a body with a huge number of keys at once, without blocking other requests', async () => {
    const keys: Record<string, number> = {};
    for (let i = 0; i < 60_000; i++) keys[`k${i}`] = i;
    const started = Date.now();
    const response = await t.http
      .post('/api/v1/people')
      .set(tenant.auth)
      .send({ last_name: 'x', ...keys });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/more than 10000 values/);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('refuses deeply nested JSON with 400, not a stack overflow', async () => {
    const deep = '['.repeat(20_000) + ']'.repeat(20_000);
    const response = await t.http
      .post('/api/v1/people')
      .set(tenant.auth)
      .set('Content-Type', 'application/json')
      .send(`{"last_name": ${deep}}`);
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/nested deeper than 32 levels/);
  });

  it('answers a path with a broken percent-encoding 404 in JSON with a request id', async () => {
    for (const path of ['/api/v1/people/%zz', '/api/v1/%E0%A4%A', '/%zz']) {
      const response = await t.http.get(path).set(tenant.auth);
      expect({ path, status: response.status, body: response.body }).toEqual({
        path,
        status: 404,
        body: { error: 'Not found.' },
      });
      expect({ path, id: response.headers['x-request-id'] }).toEqual({ path, id: expect.any(String) });
    }
  });

  it('checks a malformed path id (404) before the body (400)', async () => {
    const response = await t.http
      .delete('/api/v1/groups/not-a-ulid/people/also-not')
      .set(tenant.auth)
      .set('Content-Type', 'application/json')
      .send('{broken');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'Group not found.' });
  });
});
