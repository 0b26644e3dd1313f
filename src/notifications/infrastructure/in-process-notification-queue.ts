import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import {
  ConsumerSettings,
  DELIVERY_ATTEMPTS,
  DeliveryHandler,
  NotificationQueue,
  retryDelay,
} from '../application/notification-queue';
import { PermanentDeliveryError } from '../application/permanent-delivery.error';

interface Job {
  notificationId: string;
  /** Attempts already failed. */
  failures: number;
}

/**
 * The queue of the embedded mode (no REDIS_URL): jobs live in this process's memory, with the same retries and
 * doubling waits as on BullMQ. Nothing is lost when the process stops: the outbox rows stay pending and the
 * periodic relay adds them again at the next start.
 */
@Injectable()
export class InProcessNotificationQueue extends NotificationQueue implements OnApplicationShutdown {
  private readonly logger = new Logger('NotificationQueue');
  /** Ids waiting, running or waiting for a retry: adding one again adds nothing, as with BullMQ's job ids. */
  private readonly known = new Set<string>();
  private readonly ready: Job[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private handler: DeliveryHandler | null = null;
  private settings: ConsumerSettings | null = null;
  private closed = false;
  private consumerExpected = false;

  get hasConsumer(): boolean {
    return this.consumerExpected || this.handler !== null;
  }

  expectConsumer(): void {
    this.consumerExpected = true;
  }

  async add(notificationIds: readonly string[]): Promise<void> {
    if (this.closed) throw new Error('the notification queue is closed');
    for (const notificationId of notificationIds) {
      if (this.known.has(notificationId)) continue;
      this.known.add(notificationId);
      this.ready.push({ notificationId, failures: 0 });
    }
    this.pump();
  }

  async process(handler: DeliveryHandler, settings: ConsumerSettings): Promise<void> {
    if (this.handler) throw new Error('the notification queue already has a consumer');
    this.handler = handler;
    this.settings = settings;
    this.pump();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.running]);
  }

  onApplicationShutdown(): Promise<void> {
    return this.close();
  }

  private pump(): void {
    const { handler, settings } = this;
    if (!handler || !settings || this.closed) return;
    while (this.running.size < settings.concurrency && this.ready.length > 0) {
      const job = this.ready.shift()!;
      const run = this.run(handler, settings, job).finally(() => {
        this.running.delete(run);
        this.pump();
      });
      this.running.add(run);
    }
  }

  private async run(handler: DeliveryHandler, settings: ConsumerSettings, job: Job): Promise<void> {
    const attempt = job.failures + 1;
    try {
      await handler({ notificationId: job.notificationId, attempt, isFinal: attempt >= DELIVERY_ATTEMPTS });
      this.known.delete(job.notificationId);
    } catch (error) {
      this.logger.warn(`notification ${job.notificationId} attempt ${attempt} failed: ${(error as Error).message}`);
      if (error instanceof PermanentDeliveryError || attempt >= DELIVERY_ATTEMPTS || this.closed) {
        this.known.delete(job.notificationId);
        return;
      }
      const timer = setTimeout(
        () => {
          this.timers.delete(timer);
          this.ready.push({ notificationId: job.notificationId, failures: attempt });
          this.pump();
        },
        retryDelay(settings, attempt),
      );
      this.timers.add(timer);
    }
  }
}
