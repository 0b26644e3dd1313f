import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { FixedClock } from '@lib/core';
import { BackgroundModule } from '../../src/background.module';
import { AppConfig } from '../../src/config/app-config';
import { createTestDatabase, TestDatabase } from './test-database';

export interface AdapterContext {
  app: INestApplicationContext;
  db: DataSource;
  config: AppConfig;
  clock: FixedClock;
  close(): Promise<void>;
}

/**
 * The application without HTTP or Redis (the admin CLI's shape) on a fresh per-file database, for tests of
 * use-cases through their real adapters. No consumer runs here, so nothing is relayed: the outbox rows are the
 * emails to look at.
 */
export async function startAdapterContext(
  options: { env?: Record<string, string>; now?: Date } = {},
): Promise<AdapterContext> {
  const database: TestDatabase = await createTestDatabase();
  const config = new AppConfig({
    APP_URL: 'https://app.test',
    APP_KEY: 'test-app-key-0123456789abcdef0123456789abcdef',
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.url,
    REDIS_URL: '',
    ...options.env,
  });
  const clock = new FixedClock(options.now ?? new Date('2026-11-22T10:00:00.000Z'));
  const app = await NestFactory.createApplicationContext(BackgroundModule.forRoot({ config, clock, logTo: 'stderr' }), {
    logger: false,
  });
  return {
    app,
    db: app.get(DataSource),
    config,
    clock,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}
