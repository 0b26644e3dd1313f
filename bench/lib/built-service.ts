import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { migrate } from '../../src/database/migrate';
import { dropRedisPrefix } from '../../test/support/redis-keys';
import { SmtpCapture, startSmtpCapture } from '../../test/support/smtp-capture';
import { freePort, RunningProcess, startBuilt, waitUntilReady } from './api-process';
import { dropDatabase, recreateDatabase } from './bench-database';

const ROOT = join(__dirname, '..', '..');

/** The built API and worker as deployed, a client on their database, and the SMTP server their emails reach. */
export interface BuiltService {
  appUrl: string;
  client: Client;
  smtp: SmtpCapture;
  api: RunningProcess;
  worker: RunningProcess;
  /** Stops both processes, removes their Redis keys and, unless BENCH_KEEP_DATABASE=1, their database. */
  stop(): Promise<void>;
}

/**
 * The built API (dist/src/main.js) and worker (dist/src/worker.js) as separate processes on a database made afresh
 * at `databaseUrl`, the Redis of REDIS_URL under a prefix of their own, and an SMTP server in this process: what
 * the end-to-end benches measure. `env` adds to (or overrides) the environment both processes get.
 */
export async function startBuiltService(databaseUrl: string, env: Record<string, string> = {}): Promise<BuiltService> {
  for (const entry of ['dist/src/main.js', 'dist/src/worker.js']) {
    if (!existsSync(join(ROOT, entry))) throw new Error(`${entry} is missing: run npm run build first`);
  }
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redisPrefix = `bench:${randomBytes(4).toString('hex')}`;
  await recreateDatabase(databaseUrl);
  await migrate(databaseUrl);
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const smtp = await startSmtpCapture();
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  const processEnv = {
    PORT: String(port),
    APP_URL: appUrl,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    APP_KEY: randomBytes(32).toString('hex'),
    SMTP_URL: smtp.url,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    NODE_ENV: 'production',
    ...env,
  };
  const api = startBuilt('dist/src/main.js', processEnv);
  const worker = startBuilt('dist/src/worker.js', processEnv);
  const stop = async () => {
    await worker.stop();
    await api.stop();
    await dropRedisPrefix(redisUrl, redisPrefix);
    await client.end();
    await smtp.close();
    if (process.env.BENCH_KEEP_DATABASE !== '1') await dropDatabase(databaseUrl);
  };
  try {
    await waitUntilReady(`${appUrl}/health/ready`, api);
  } catch (error) {
    await stop();
    throw error;
  }
  return { appUrl, client, smtp, api, worker, stop };
}
