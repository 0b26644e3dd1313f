import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { AppConfig } from './config/app-config';
import { CoreOptions } from './core.module';
import { runEntryPoint, serveUntilSignalled } from './entry-point';
import { processLog, warnWithoutSmtp } from './logging/process-log';
import type { NotificationWorkerSettings } from './notifications/notification-consumer';
import type { WebhookWorkerSettings } from './webhooks/webhook-consumer';
import { closeListener, startWorkerListener } from './worker-listener';

/**
 * The background worker: a Nest application context without HTTP that consumes the notification queue, relays
 * missed notifications, and runs the request lifecycle's scheduled passes (expiry, reminders, renewal).
 * SIGTERM/SIGINT close it gracefully: readiness turns 503, no new job is taken, the jobs in hand finish (their
 * email is sent and marked sent), then the connections close.
 */
export async function createWorker(
  options: CoreOptions,
  settings: Partial<NotificationWorkerSettings> = {},
  webhookSettings: Partial<WebhookWorkerSettings> = {},
): Promise<INestApplicationContext> {
  const app = await NestFactory.createApplicationContext(AppModule.forWorker(options, settings, webhookSettings), {
    bufferLogs: true,
    abortOnError: false,
  });
  app.useLogger(app.get(Logger));
  await app.init();
  return app;
}

/** `npm run start:worker`: the worker plus its HTTP listener on WORKER_PORT (metrics and probes). */
export async function startWorker(config: AppConfig): Promise<INestApplicationContext> {
  const log = processLog('Worker', config.logLevel);
  warnWithoutSmtp(config, log);
  const app = await createWorker({ config });
  const listener = await startWorkerListener(app, config.workerPort);
  serveUntilSignalled(app, config, { delayMs: 0, afterClose: () => closeListener(listener) });
  log.info(
    `worker delivering webhooks, consuming notifications (${config.smtpUrl ? 'SMTP' : 'emails logged, no SMTP_URL'}) and running ` +
      `expiry, reminders (every ${config.reminderIntervalDays} days) and renewal; metrics and probes on port ` +
      `${config.workerPort}`,
  );
  return app;
}

if (require.main === module) runEntryPoint('start:worker', startWorker);
