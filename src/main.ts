import type { INestApplication } from '@nestjs/common';
import { AppConfig } from './config/app-config';
import { createHttpApp } from './http-app';

/**
 * `npm run start:prod`: the API against the real PostgreSQL and Redis given in the environment.
 * `npm start` reaches the same bootstrap through scripts/start.js, which may first start the embedded database.
 */
export async function startApi(
  config: AppConfig,
  options: { beforeListen?: (app: INestApplication) => Promise<void> } = {},
): Promise<INestApplication> {
  const app = await createHttpApp({ config });
  await app.init();
  await options.beforeListen?.(app);
  await app.listen(config.port);
  return app;
}

if (require.main === module) {
  let config: AppConfig;
  try {
    config = new AppConfig();
    const missing = ['DATABASE_URL', 'REDIS_URL', 'APP_KEY'].filter((name) => !process.env[name]);
    if (missing.length > 0) throw new Error(`start:prod needs ${missing.join(', ')}; use npm start for the embedded mode`);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
  startApi(config).catch((error: unknown) => {
    process.stderr.write(`failed to start: ${(error as Error).message}\n`);
    process.exit(1);
  });
}
