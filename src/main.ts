import type { INestApplication } from '@nestjs/common';
import { AppConfig } from './config/app-config';
import { runEntryPoint, serveUntilSignalled } from './entry-point';
import { createHttpApp } from './http-app';
import { processLog } from './logging/process-log';
import type { GracefulShutdownOptions } from './shutdown/graceful-shutdown';

/**
 * `npm run start:prod`: the API against the real PostgreSQL and Redis given in the environment.
 * `npm start` reaches the same bootstrap through scripts/start.js, which may first start the embedded database.
 */
export async function startApi(
  config: AppConfig,
  options: {
    beforeListen?: (app: INestApplication) => Promise<void>;
    shutdown?: Partial<GracefulShutdownOptions>;
  } = {},
): Promise<INestApplication> {
  const app = await createHttpApp({ config });
  await app.init();
  await options.beforeListen?.(app);
  await app.listen(config.port);
  serveUntilSignalled(app, config, { delayMs: config.shutdownDelayMs, ...options.shutdown });
  return app;
}

if (require.main === module) {
  runEntryPoint('start:prod', async (config) => {
    await startApi(config);
    processLog('Start', config.logLevel).info(`listening on port ${config.port}; the API is at ${config.apiBaseUrl}`);
  });
}
