import { randomBytes } from 'node:crypto';
import { createTenant } from '../support/fixtures';
import { startTestApp, TestApp } from '../support/test-app';

describe('rate limit: 60 requests per token per minute', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('counts down on every response, answers the 61st with 429 and its headers, and leaves other tokens alone', async () => {
    const tenant = await createTenant(t.app);
    const other = await createTenant(t.app);
    for (let i = 1; i <= 60; i++) {
      const response = await t.http.get('/api/v1/me').set(tenant.auth).expect(200);
      expect(response.headers['x-ratelimit-limit']).toBe('60');
      expect(response.headers['x-ratelimit-remaining']).toBe(String(60 - i));
    }
    const before = Math.floor(Date.now() / 1000);
    const limited = await t.http.get('/api/v1/me').set(tenant.auth).expect(429);
    expect(limited.body).toEqual({ message: 'Too Many Attempts.' });
    expect(limited.headers['content-type']).toMatch(/^application\/json/);
    expect(limited.headers['x-ratelimit-limit']).toBe('60');
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const reset = Number(limited.headers['x-ratelimit-reset']);
    expect(reset).toBeGreaterThanOrEqual(before + retryAfter - 1);
    expect(reset).toBeLessThanOrEqual(before + retryAfter + 2);

    const fresh = await t.http.get('/api/v1/me').set(other.auth).expect(200);
    expect(fresh.headers['x-ratelimit-remaining']).toBe('59');
  });

  it('rate limits by token, not per route: one allowance across endpoints', async () => {
    const tenant = await createTenant(t.app);
    await t.http.get('/api/v1/me').set(tenant.auth).expect(200);
    const elsewhere = await t.http.get('/api/v1/does-not-exist').set(tenant.auth);
    expect(elsewhere.status).toBe(404);
    const again = await t.http.get('/api/v1/me').set(tenant.auth).expect(200);
    expect(again.headers['x-ratelimit-remaining']).toBe('58');
  });

  it('limits failed authentication attempts per client IP', async () => {
    for (let i = 0; i < 60; i++) {
      await t.http
        .get('/api/v1/me')
        .set({ Authorization: `Bearer guess-${i}` })
        .expect(401);
    }
    const response = await t.http.get('/api/v1/me').set({ Authorization: 'Bearer guess-61' }).expect(429);
    expect(response.body).toEqual({ message: 'Too Many Attempts.' });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('rate limit shared by two API instances on one Redis', () => {
  it('holds 60 per token per minute in total, not per process', async () => {
    const redisPrefix = `test:shared:${randomBytes(6).toString('hex')}`;
    const first = await startTestApp({ redisPrefix });
    const second = await startTestApp({ redisPrefix, database: first.database });
    try {
      const tenant = await createTenant(first.app);
      for (let i = 0; i < 30; i++) {
        await first.http.get('/api/v1/me').set(tenant.auth).expect(200);
        await second.http.get('/api/v1/me').set(tenant.auth).expect(200);
      }
      await second.http.get('/api/v1/me').set(tenant.auth).expect(429);
      await first.http.get('/api/v1/me').set(tenant.auth).expect(429);
    } finally {
      await second.close();
      await first.close();
    }
  });
});

describe('rate limit without Redis', () => {
  it('falls back to a per-process limit at once instead of hanging when Redis is unreachable', async () => {
    const t = await startTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    try {
      const tenant = await createTenant(t.app);
      const started = Date.now();
      for (let i = 1; i <= 60; i++) {
        const response = await t.http.get('/api/v1/me').set(tenant.auth).expect(200);
        expect(response.headers['x-ratelimit-remaining']).toBe(String(60 - i));
      }
      await t.http.get('/api/v1/me').set(tenant.auth).expect(429);
      // 61 requests against a dead Redis: each must fail fast, not wait on a reconnect queue.
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      await t.close();
    }
  });
});
