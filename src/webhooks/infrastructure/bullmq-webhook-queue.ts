import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { DelayedError, Job, Queue, Worker } from 'bullmq';
import Redis from 'ioredis';
import { AppConfig } from '../../config/app-config';
import { BOUNDED_REDIS_CONNECTION } from '../../redis/bounded-connection';
import { QueuedBatch, WebhookConsumerSettings, WebhookHandlers, WebhookQueue } from '../application/webhook-queue';

/** Its own queue: a backlog of webhooks never sits in front of the emails. */
export const WEBHOOK_QUEUE_NAME = 'webhooks';
const BATCH_JOB = 'attempts';
/** One attempt a job, as relayed before attempts travelled in batches: still taken, as a batch of one. */
const SINGLE_JOB = 'attempt';
const FAN_OUT_JOB = 'fan-out';
/** A job that throws (PostgreSQL unreachable, not a failed delivery) is tried again this many times, then relayed. */
const JOB_ATTEMPTS = 5;

/** `attempts`: { endpointId, deliveryIds }; `attempt` (older): { endpointId, deliveryId }; `fan-out`: {}. */
type WebhookJob = { endpointId?: string; deliveryIds?: string[]; deliveryId?: string };

/**
 * The webhook queue on Redis. A job carries attempts to one endpoint; its id is its first attempt's id, so relaying
 * the same batch twice while it waits adds one job; its delay is the attempts' due time. Done jobs are not kept. The producer fails fast while Redis is down (no offline queue): the rows stay pending and
 * the periodic relay hands them over later.
 */
@Injectable()
export class BullmqWebhookQueue extends WebhookQueue implements OnApplicationShutdown {
  private readonly logger = new Logger('WebhookQueue');
  private readonly producerConnection: Redis;
  private readonly queue: Queue<WebhookJob>;
  private consumerConnection: Redis | null = null;
  private worker: Worker<WebhookJob> | null = null;
  private outage = false;
  private closing: Promise<void> | null = null;

  constructor(private readonly config: AppConfig) {
    super();
    this.producerConnection = this.connect({ enableOfflineQueue: false });
    this.queue = new Queue<WebhookJob>(WEBHOOK_QUEUE_NAME, {
      connection: this.producerConnection,
      prefix: this.prefix,
    });
    this.queue.on('error', (error) => this.reportOutage(error));
  }

  async add(batches: readonly QueuedBatch[]): Promise<void> {
    if (batches.length === 0) return;
    await this.queue.addBulk(
      batches.map((batch) => ({
        name: BATCH_JOB,
        data: { endpointId: batch.endpointId, deliveryIds: batch.deliveryIds },
        opts: {
          jobId: batch.deliveryIds[0],
          delay: Math.max(0, Math.round(batch.delayMs)),
          attempts: JOB_ATTEMPTS,
          backoff: { type: 'exponential', delay: 1_000 },
          removeOnComplete: true,
          removeOnFail: true,
        },
      })),
    );
  }

  async requestFanOut(): Promise<void> {
    await this.queue.add(FAN_OUT_JOB, {}, { removeOnComplete: true, removeOnFail: true });
  }

  async process(handlers: WebhookHandlers, settings: WebhookConsumerSettings): Promise<void> {
    if (this.worker) throw new Error('the webhook queue already has a consumer');
    this.consumerConnection = this.connect({});
    this.worker = new Worker<WebhookJob>(
      WEBHOOK_QUEUE_NAME,
      async (job: Job<WebhookJob>, token?: string) => {
        if (job.name === FAN_OUT_JOB) return handlers.fanOut();
        const { endpointId = '', deliveryIds = [], deliveryId } = job.data;
        const outcome = await handlers.deliver({
          endpointId,
          deliveryIds: job.name === SINGLE_JOB && deliveryId ? [deliveryId] : deliveryIds,
        });
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
      this.logger.warn(`webhook job ${job?.name} ${job?.id} could not run: ${error.message}`);
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
      ...BOUNDED_REDIS_CONNECTION,
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
