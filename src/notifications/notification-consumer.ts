import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DeliverNotification } from './application/deliver-notification.use-case';
import { ConsumerSettings, NotificationQueue } from './application/notification-queue';
import { RelayStaleNotifications } from './application/relay-stale-notifications.use-case';

export interface NotificationWorkerSettings extends ConsumerSettings {
  /** How often pending notifications the queue may not hold are relayed again. */
  relayIntervalMs: number;
  /** How often the request lifecycle passes (expiry, reminders, renewal) run. */
  lifecycleIntervalMs: number;
}

export const DEFAULT_WORKER_SETTINGS: NotificationWorkerSettings = {
  concurrency: 5,
  backoffMs: 5_000,
  lockDurationMs: 15_000,
  stalledIntervalMs: 10_000,
  relayIntervalMs: 5_000,
  lifecycleIntervalMs: 60_000,
};

export const NOTIFICATION_WORKER_SETTINGS = Symbol('NOTIFICATION_WORKER_SETTINGS');

/**
 * Delivers queued notifications and, every few seconds, relays the ones whose relay was missed (Redis down
 * when the API tried, API process gone). On shutdown it stops taking jobs and lets the ones in hand finish,
 * before the database connection closes.
 */
@Injectable()
export class NotificationConsumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('NotificationConsumer');
  private timer: NodeJS.Timeout | null = null;
  private relaying: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly queue: NotificationQueue,
    private readonly deliver: DeliverNotification,
    private readonly relayStale: RelayStaleNotifications,
    @Inject(NOTIFICATION_WORKER_SETTINGS) private readonly settings: NotificationWorkerSettings,
  ) {
    // Before any boot hook runs: the lifecycle's first pass may relay before this consumer has started.
    queue.expectConsumer();
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.process((attempt) => this.deliver.execute(attempt), this.settings);
    this.relayNow();
    this.timer = setInterval(() => this.relayNow(), this.settings.relayIntervalMs);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.relaying;
    await this.queue.close();
  }

  /** One pass at a time; a failing pass (Redis or PostgreSQL down) is retried at the next tick. */
  private relayNow(): void {
    this.relaying = this.relaying.then(async () => {
      if (this.stopped) return;
      try {
        const relayed = await this.relayStale.execute();
        if (relayed > 0) this.logger.log(`relayed ${relayed} pending notification(s)`);
      } catch (error) {
        this.logger.warn(`relay pass failed: ${(error as Error).message}`);
      }
    });
  }
}
