import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { DelayedError, Job, Queue, Worker } from 'bullmq';
import Redis from 'ioredis';
import { AppConfig } from '../../config/app-config';
import { AttemptHandler, QueuedAttempt, WebhookConsumerSettings, WebhookQueue } from '../application/webhook-queue';

/** Its own queue: a backlog of webhooks never sits in front of the emails. */
export const WEBHOOK_QUEUE_NAME = 'webhooks';
const JOB_NAME = 'attempt';
/** A job that throws (PostgreSQL unreachable, not a failed delivery) is tried again this many times, then relayed. */
const JOB_ATTEMPTS = 5;

interface AttemptJob {
  deliveryId: string;
  endpointId: string;
}

/**
 * The webhook queue on Redis. The job id is the attempt's id, so relaying it twice adds one job; its delay is the
 * attempt's due time. The producer fails fast while Redis is down (no offline queue): the rows stay pending and
 * the periodic relay hands them over later.
 */
@Injectable()
export class BullmqWebhookQueue extends WebhookQueue implements OnApplicationShutdown {
  private readonly logger = new Logger('WebhookQueue');
  private readonly producerConnection: Redis;
  private readonly queue: Queue<AttemptJob>;
  private consumerConnection: Redis | null = null;
  private worker: Worker<AttemptJob> | null = null;
  private outage = false;
  private closing: Promise<void> | null = null;

  constructor(private readonly config: AppConfig) {
    super();
    this.producerConnection = this.connect({ enableOfflineQueue: false });
    this.queue = new Queue<AttemptJob>(WEBHOOK_QUEUE_NAME, {
      connection: this.producerConnection,
      prefix: this.prefix,
    });
    this.queue.on('error', (error) => this.reportOutage(error));
  }

  async add(attempts: readonly QueuedAttempt[]): Promise<void> {
    if (attempts.length === 0) return;
    await this.queue.addBulk(
      attempts.map((attempt) => ({
        name: JOB_NAME,
        data: { deliveryId: attempt.deliveryId, endpointId: attempt.endpointId },
        opts: {
          jobId: attempt.deliveryId,
          delay: Math.max(0, Math.round(attempt.delayMs)),
          attempts: JOB_ATTEMPTS,
          backoff: { type: 'exponential', delay: 1_000 },
          removeOnComplete: { age: 24 * 3600, count: 50_000 },
          removeOnFail: true,
        },
      })),
    );
  }

  async process(handler: AttemptHandler, settings: WebhookConsumerSettings): Promise<void> {
    if (this.worker) throw new Error('the webhook queue already has a consumer');
    this.consumerConnection = this.connect({});
    this.worker = new Worker<AttemptJob>(
      WEBHOOK_QUEUE_NAME,
      async (job: Job<AttemptJob>, token?: string) => {
        const outcome = await handler({ deliveryId: job.data.deliveryId, endpointId: job.data.endpointId });
        if (outcome !== 'done') {
          // Its endpoint has as many attempts in flight as it may: back to the delayed set, freeing this slot for
          // another endpoint's attempt.
          await job.moveToDelayed(Date.now() + outcome.postponeMs, token);
          throw new DelayedError();
        }
      },
      {
        connection: this.consumerConnection,
        prefix: this.prefix,
        concurrency: settings.concurrency,
        lockDuration: settings.lockDurationMs,
        stalledInterval: settings.stalledIntervalMs,
        maxStalledCount: 5,
      },
    );
    this.worker.on('error', (error) => this.reportOutage(error));
    this.worker.on('failed', (job, error) => {
      this.logger.warn(`webhook attempt ${job?.data.deliveryId} could not run: ${error.message}`);
    });
    await this.worker.waitUntilReady().catch((error: Error) => this.reportOutage(error));
  }

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

  private get prefix(): string {
    return `${this.config.redisPrefix}:queue`;
  }

  private connect(options: { enableOfflineQueue?: boolean }): Redis {
    const redis = new Redis(this.config.redisUrl!, {
      maxRetriesPerRequest: null,
      connectTimeout: 2000,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
      ...options,
    });
    redis.on('error', (error) => this.reportOutage(error));
    redis.on('ready', () => {
      if (this.outage) this.logger.log('webhook queue reachable again');
      this.outage = false;
    });
    return redis;
  }

  private reportOutage(error: Error): void {
    if (!this.outage) this.logger.warn(`webhook queue unavailable: ${error.message}`);
    this.outage = true;
  }
}
