import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Job, Queue, UnrecoverableError, Worker } from 'bullmq';
import Redis from 'ioredis';
import { AppConfig } from '../../config/app-config';
import { BOUNDED_REDIS_CONNECTION } from '../../redis/bounded-connection';
import {
  ConsumerSettings,
  DELIVERY_ATTEMPTS,
  DeliveryHandler,
  NotificationQueue,
  retryDelay,
} from '../application/notification-queue';
import { PermanentDeliveryError } from '../application/permanent-delivery.error';

export const NOTIFICATION_QUEUE_NAME = 'notifications';
const JOB_NAME = 'deliver';
const BACKOFF_TYPE = 'doubling';

interface DeliverJob {
  notificationId: string;
}

/**
 * The queue on Redis. The job id is the notification id, so relaying a notification twice adds one job.
 * The producer's connection fails fast while Redis is down (no offline queue): the relay logs and leaves the
 * outbox row pending instead of piling up commands.
 */
@Injectable()
export class BullmqNotificationQueue extends NotificationQueue implements OnApplicationShutdown {
  private readonly logger = new Logger('NotificationQueue');
  private readonly producerConnection: Redis;
  private readonly queue: Queue<DeliverJob>;
  private consumerConnection: Redis | null = null;
  private worker: Worker<DeliverJob> | null = null;
  private outage = false;
  private closing: Promise<void> | null = null;

  constructor(private readonly config: AppConfig) {
    super();
    this.producerConnection = this.connect({ enableOfflineQueue: false });
    this.queue = new Queue<DeliverJob>(NOTIFICATION_QUEUE_NAME, {
      connection: this.producerConnection,
      prefix: this.prefix,
    });
    this.queue.on('error', (error) => this.reportOutage(error));
  }

  /** A worker somewhere takes the jobs. */
  get hasConsumer(): boolean {
    return true;
  }

  expectConsumer(): void {}

  async add(notificationIds: readonly string[]): Promise<void> {
    await this.queue.addBulk(
      notificationIds.map((notificationId) => ({
        name: JOB_NAME,
        data: { notificationId },
        opts: {
          jobId: notificationId,
          attempts: DELIVERY_ATTEMPTS,
          backoff: { type: BACKOFF_TYPE },
          removeOnComplete: { age: 24 * 3600, count: 10_000 },
          // A job that failed for good leaves no trace here (the outbox row keeps the error), so a notification
          // still pending after it (its last attempt could not even record the failure) can be relayed again.
          removeOnFail: true,
        },
      })),
    );
  }

  async process(handler: DeliveryHandler, settings: ConsumerSettings): Promise<void> {
    if (this.worker) throw new Error('the notification queue already has a consumer');
    this.consumerConnection = this.connect({});
    this.worker = new Worker<DeliverJob>(
      NOTIFICATION_QUEUE_NAME,
      async (job: Job<DeliverJob>) => {
        const attempt = job.attemptsMade + 1;
        try {
          return await handler({
            notificationId: job.data.notificationId,
            attempt,
            isFinal: attempt >= (job.opts.attempts ?? 1),
          });
        } catch (error) {
          if (error instanceof PermanentDeliveryError) throw new UnrecoverableError(error.message);
          throw error;
        }
      },
      {
        connection: this.consumerConnection,
        prefix: this.prefix,
        concurrency: settings.concurrency,
        lockDuration: settings.lockDurationMs,
        stalledInterval: settings.stalledIntervalMs,
        maxStalledCount: 5,
        settings: { backoffStrategy: (attemptsMade: number) => retryDelay(settings, attemptsMade) },
      },
    );
    this.worker.on('error', (error) => this.reportOutage(error));
    this.worker.on('failed', (job, error) => {
      this.logger.warn(
        `notification ${job?.data.notificationId} attempt ${job?.attemptsMade} failed: ${error.message}`,
      );
    });
    await this.worker.waitUntilReady().catch((error: Error) => this.reportOutage(error));
  }

  /** Lets the jobs in hand finish (BullMQ's close waits for them), then disconnects. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      if (this.worker) await this.worker.close();
      await this.queue.close().catch(() => undefined);
      this.consumerConnection?.disconnect();
      this.producerConnection.disconnect();
    })();
    return this.closing;
  }

  onApplicationShutdown(): Promise<void> {
    return this.close();
  }

  /** BullMQ's keys live under the deployment's prefix, so test files and deployments never share a queue. */
  private get prefix(): string {
    return `${this.config.redisPrefix}:queue`;
  }

  private connect(options: { enableOfflineQueue?: boolean }): Redis {
    const redis = new Redis(this.config.redisUrl!, {
      maxRetriesPerRequest: null,
      ...BOUNDED_REDIS_CONNECTION,
      ...options,
    });
    redis.on('error', (error) => this.reportOutage(error));
    redis.on('ready', () => {
      if (this.outage) this.logger.log('queue reachable again');
      this.outage = false;
    });
    return redis;
  }

  private reportOutage(error: Error): void {
    if (!this.outage) this.logger.warn(`queue unavailable: ${error.message}`);
    this.outage = true;
  }
}
