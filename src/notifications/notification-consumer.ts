import { Inject, Injectable } from '@nestjs/common';
import { OutboxConsumer, OutboxConsumerSettings } from '../outbox/application/outbox-consumer';
import type { JobRun } from '../outbox/application/outbox-queue';
import { DeliverNotification } from './application/deliver-notification.use-case';
import { DeliverJob, NotificationQueue } from './application/notification-queue';
import { RelayNotifications } from './application/relay-notifications.use-case';

export interface NotificationWorkerSettings extends OutboxConsumerSettings {
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

/** Delivers queued notifications; the outbox machine relays, retries and stops. */
@Injectable()
export class NotificationConsumer extends OutboxConsumer<string, DeliverJob> {
  constructor(
    queue: NotificationQueue,
    relay: RelayNotifications,
    private readonly deliver: DeliverNotification,
    @Inject(NOTIFICATION_WORKER_SETTINGS) settings: NotificationWorkerSettings,
  ) {
    super(queue, relay, settings);
  }

  protected async handle(run: JobRun<DeliverJob>): Promise<void> {
    await this.deliver.execute({ notificationId: run.data.notificationId, attempt: run.attempt, isFinal: run.isFinal });
  }
}
