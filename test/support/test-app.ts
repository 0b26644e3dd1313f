import { randomBytes } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { Clock, FixedClock } from '@lib/core';
import { AppConfig } from '../../src/config/app-config';
import { createHttpApp } from '../../src/http-app';
import { assertContractHonoured, watchContract } from './contract';
import { TEST_REDIS_URL } from './environment';
import { dropRedisPrefix } from './redis-keys';
import { createTestDatabase, TestDatabase } from './test-database';

export interface TestAppOptions {
  env?: Record<string, string | undefined>;
  /** Reuse a database (e.g. a second API instance on the same data). */
  database?: TestDatabase;
  clock?: Clock;
  /** A Redis key prefix; by default one per app, so files and apps never share counters or queues. */
  redisPrefix?: string;
  logStream?: NodeJS.WritableStream;
}

export interface TestApp {
  app: INestApplication;
  http: ReturnType<typeof request>;
  db: DataSource;
  database: TestDatabase;
  config: AppConfig;
  clock: Clock;
  close(): Promise<void>;
}

/** The real HTTP application on a fresh cloned database and a private Redis prefix. */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  // A prefix of its own is dropped at close; one given is the caller's to keep (another app shares it).
  const ownPrefix = options.redisPrefix === undefined ? `test:${randomBytes(6).toString('hex')}` : null;
  const config = new AppConfig({
    APP_URL: 'http://api.test',
    LOG_LEVEL: 'silent',
    APP_KEY: 'test-app-key-0123456789abcdef0123456789abcdef',
    DATABASE_URL: database.url,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: options.redisPrefix ?? ownPrefix!,
    ...options.env,
  });
  const clock = options.clock ?? new FixedClock(new Date());
  const app = await createHttpApp({ config, clock, logStream: options.logStream });
  await app.init();
  const server = app.getHttpServer();
  // Every response this app gives is checked against the OpenAPI document it serves (test/support/contract.ts).
  await watchContract(server);
  return {
    app,
    http: request(server),
    db: app.get(DataSource),
    database,
    config,
    clock,
    close: async () => {
      await app.close();
      if (!options.database) await database.drop();
      if (ownPrefix && config.redisUrl) await dropRedisPrefix(config.redisUrl, ownPrefix).catch(() => undefined);
      // Responses given after the last test's check (in afterAll hooks) are judged here.
      await assertContractHonoured();
    },
  };
}
