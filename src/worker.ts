import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { AppConfig } from './config/app-config';
import { CoreOptions } from './core.module';
import type { NotificationWorkerSettings } from './notifications/notification-consumer';
import type { WebhookWorkerSettings } from './webhooks/webhook-consumer';

/**
 * The background worker: a Nest application context without HTTP that consumes the notification queue, relays
 * missed notifications, and runs the request lifecycle's scheduled passes (expiry, reminders, renewal). SIGTERM/SIGINT close it gracefully: no new job is taken, the jobs in hand finish
 * (their email is sent and marked sent), then the connections close.
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
  app.enableShutdownHooks(['SIGTERM', 'SIGINT']);
  await app.init();
  return app;
}

if (require.main === module) {
  let config: AppConfig;
  try {
    config = new AppConfig();
    const missing = ['DATABASE_URL', 'REDIS_URL', 'APP_KEY'].filter((name) => !process.env[name]);
    if (missing.length > 0) throw new Error(`start:worker needs ${missing.join(', ')}`);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
  createWorker({ config })
    .then((app) =>
      app
        .get(Logger)
        .log(
          `worker delivering webhooks, consuming notifications (${config.smtpUrl ? 'SMTP' : 'emails logged, no SMTP_URL'}) and running ` +
            `expiry, reminders (every ${config.reminderIntervalDays} days) and renewal`,
        ),
    )
    .catch((error: unknown) => {
      process.stderr.write(`worker failed to start: ${(error as Error).message}\n`);
      process.exit(1);
    });
}
