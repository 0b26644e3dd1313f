import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { seedDemo } from './admin/seed-demo';
import { AppConfig } from './config/app-config';
import { loadOrCreateAppKey, localDataDir } from './config/local-data';
import { EmbeddedDatabase, embeddedPort, openEmbeddedDatabase } from './database/embedded-postgres';
import { migrate } from './database/migrate';
import { processLog, warnWithoutSmtp } from './logging/process-log';
import { startApi } from './main';
import { CreateSignInLink } from './sign-in/application/create-sign-in-link.use-case';

/** The printed console link works once, within a day of the first start. */
const BANNER_LINK_TTL_MS = 24 * 60 * 60_000;

/**
 * `npm start`: the API with nothing to install. Without DATABASE_URL it runs an embedded PostgreSQL under the data
 * directory, migrated on every start and seeded with a demo organization on the first; without REDIS_URL the rate
 * limit and the email queue run in this process; without APP_KEY it generates one and keeps it there.
 * `npm run start:prod` is the production entry, which insists on all three.
 */
export async function startLocal(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  let config: AppConfig;
  try {
    config = new AppConfig(env);
  } catch (error) {
    processLog('Start').fatal((error as Error).message);
    process.exit(1);
  }
  const log = processLog('Start', config.logLevel);
  const dataDir = localDataDir(env);
  const overrides: Record<string, string> = {};
  let embedded: EmbeddedDatabase | undefined;
  try {
    if (!config.appKey) {
      overrides.APP_KEY = loadOrCreateAppKey(dataDir);
      log.info(`APP_KEY not set: using the one kept in ${join(dataDir, 'app-key')}`);
    }
    if (config.databaseUrl) {
      log.info(
        `PostgreSQL: external, ${describeUrl(config.databaseUrl)} (apply migrations with npm run migration:run)`,
      );
    } else {
      embedded = await openEmbeddedDatabase(dataDir, {
        create: true,
        port: embeddedPort(env),
        log: (line) => log.warn(line),
      });
      overrides.DATABASE_URL = embedded.url;
      log.info(
        `PostgreSQL: embedded, 127.0.0.1:${embedded.port}, data in ${join(dataDir, 'postgres')}` +
          (embedded.created ? ' (created now)' : ''),
      );
      const applied = await migrate(embedded.url);
      if (applied.length > 0) log.info(`migrations applied: ${applied.join(', ')}`);
    }
    log.info(
      config.redisUrl
        ? `Redis: ${describeUrl(config.redisUrl)}; the rate limit is shared and emails are queued for the worker (npm run start:worker)`
        : 'Redis: none; the rate limit and the email queue run in this process',
    );
    config = new AppConfig({ ...env, ...overrides });
    // Without Redis this process delivers the emails itself.
    if (env.NODE_ENV === 'production' && !config.redisUrl) warnWithoutSmtp(config, log);

    const seedMarker = join(dataDir, 'demo-seed.json');
    if (embedded?.created) rmSync(seedMarker, { force: true });
    const seedNow = embedded !== undefined && !existsSync(seedMarker);
    const database = embedded;
    await startApi(config, {
      beforeListen: async (app) => {
        if (seedNow) await seedOnce(app, seedMarker, config);
      },
      // The embedded PostgreSQL stops after the API has closed its connections; if the deadline passes first,
      // it is told to stop at once rather than left behind.
      shutdown: {
        afterClose: async () => database?.stop(),
        onDeadline: () => database?.stopNow(),
      },
    });
    log.info(`listening on port ${config.port}; the API is at ${config.apiBaseUrl}`);
    if (embedded && !seedNow) log.info(`demo organization: ${demoSummary(seedMarker)}`);
  } catch (error) {
    log.error(`failed to start: ${error instanceof Error ? error.message : String(error)}`);
    await embedded?.stop().catch(() => undefined);
    process.exit(1);
  }
}

/** The demo data, and the one time its owner token is shown: only its hash is stored. */
async function seedOnce(app: INestApplication, marker: string, config: AppConfig): Promise<void> {
  const demo = await seedDemo(app);
  const consoleLink = await app.get(CreateSignInLink).execute({ userId: demo.user.id, ttlMs: BANNER_LINK_TTL_MS });
  writeFileSync(
    marker,
    JSON.stringify(
      {
        organization_id: demo.organization.id,
        organization_name: demo.organization.name,
        user_email: demo.user.email,
        token_id: demo.token.id,
        seeded_at: demo.organization.created_at,
      },
      null,
      2,
    ) + '\n',
  );
  const rule = '='.repeat(78);
  process.stdout.write(
    [
      '',
      rule,
      `  Demo organization "${demo.organization.name}" created (id ${demo.organization.id}).`,
      `  Owner: ${demo.user.name} <${demo.user.email}>`,
      '',
      '  API token, shown only this once (only its hash is stored):',
      '',
      `      ${demo.token.token}`,
      '',
      `  Try: curl -H "Authorization: Bearer ${demo.token.token}" ${config.apiBaseUrl}/me`,
      '',
      '  The console (API settings, members, audit log): this link signs the owner in, once, within 24 hours:',
      '',
      `      ${consoleLink}`,
      '',
      `  Later, ask for a new link at ${config.appUrl}/console/sign-in (without SMTP_URL it is written to this log).`,
      rule,
      '',
      '',
    ].join('\n'),
  );
}

function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || 'default port'}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return '(unparsable URL)';
  }
}

function demoSummary(marker: string): string {
  try {
    const demo = JSON.parse(readFileSync(marker, 'utf8')) as {
      organization_name: string;
      organization_id: string;
      user_email: string;
    };
    return `"${demo.organization_name}" (${demo.organization_id}), owner ${demo.user_email}; its token was printed on the first start`;
  } catch {
    return 'seeded on the first start';
  }
}

if (require.main === module) void startLocal();
