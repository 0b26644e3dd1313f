import { Logger, OnApplicationShutdown } from '@nestjs/common';
import { DelayedError, Job, Queue, UnrecoverableError, Worker } from 'bullmq';
import Redis from 'ioredis';
import { AppConfig } from '../../config/app-config';
import { BOUNDED_REDIS_CONNECTION } from '../../redis/bounded-connection';
import { JOB_ATTEMPTS, PermanentJobError, retryDelay } from '../application/job-retries';
import { ConsumerSettings, JobHandler, OutboxJob, OutboxQueue, QueueDefinition } from '../application/outbox-queue';

const BACKOFF_TYPE = 'doubling';

/**
 * An outbox's queue on Redis. A job's id is its row's, so relaying a row twice while its job waits adds one job.
 * The producer's connection fails fast while Redis is down (no offline queue): the relay logs and leaves the
 * outbox rows pending instead of piling up commands.
 */
export class BullmqOutboxQueue<Data> extends OutboxQueue<Data> implements OnApplicationShutdown {
  private readonly logger: Logger;
  private readonly producerConnection: Redis;
  private readonly queue: Queue<Data>;
  private consumerConnection: Redis | null = null;
  private worker: Worker<Data> | null = null;
  private outage = false;
  private closing: Promise<void> | null = null;

  constructor(
    private readonly config: AppConfig,
    private readonly definition: QueueDefinition,
  ) {
    super();
    this.logger = new Logger(definition.logContext);
    this.producerConnection = this.connect({ enableOfflineQueue: false });
    this.queue = new Queue<Data>(definition.name, { connection: this.producerConnection, prefix: this.prefix });
    this.queue.on('error', (error) => this.reportOutage(error));
  }

  /** A worker somewhere takes the jobs. */
  get hasConsumer(): boolean {
    return true;
  }

  expectConsumer(): void {}

  async add(jobs: readonly OutboxJob<Data>[]): Promise<void> {
    if (jobs.length === 0) return;
    await this.queue.addBulk(
      jobs.map((job) => ({
        name: job.name,
        data: job.data,
        opts: {
          jobId: job.id,
          delay: Math.max(0, Math.round(job.delayMs ?? 0)),
          attempts: JOB_ATTEMPTS,
          backoff: { type: BACKOFF_TYPE },
          removeOnComplete: this.definition.keepCompleted ?? true,
          // A job that failed for good leaves no trace here (its row keeps the outcome), so a row still pending
          // after it (its last try could not even record the failure) can be relayed again.
          removeOnFail: true,
        },
      })) as Parameters<Queue<Data>['addBulk']>[0],
    );
  }

  async process(handler: JobHandler<Data>, settings: ConsumerSettings): Promise<void> {
    if (this.worker) throw new Error(`the ${this.definition.name} queue already has a consumer`);
    this.consumerConnection = this.connect({});
    this.worker = new Worker<Data>(this.definition.name, (job, token) => this.run(handler, job, token), {
      connection: this.consumerConnection,
      prefix: this.prefix,
      concurrency: settings.concurrency,
      lockDuration: settings.lockDurationMs,
      stalledInterval: settings.stalledIntervalMs,
      maxStalledCount: 5,
      settings: { backoffStrategy: (attemptsMade: number) => retryDelay(settings, attemptsMade) },
    });
    this.worker.on('error', (error) => this.reportOutage(error));
    this.worker.on('failed', (job, error) => {
      this.logger.warn(`job ${job?.name} ${job?.id} attempt ${job?.attemptsMade} failed: ${error.message}`);
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

  private async run(handler: JobHandler<Data>, job: Job<Data>, token?: string): Promise<void> {
    const attempt = job.attemptsMade + 1;
    let outcome;
    try {
      outcome = await handler({
        name: job.name,
        data: job.data,
        attempt,
        isFinal: attempt >= (job.opts.attempts ?? 1),
      });
    } catch (error) {
      if (error instanceof PermanentJobError) throw new UnrecoverableError(error.message);
      throw error;
    }
    if (outcome) {
      // Back to the delayed set, not counted as a try, freeing this slot for another job.
      await job.moveToDelayed(Date.now() + outcome.postponeMs, token);
      throw new DelayedError();
    }
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
      if (this.outage) this.logger.log(`${this.definition.name} queue reachable again`);
      this.outage = false;
    });
    return redis;
  }

  private reportOutage(error: Error): void {
    if (!this.outage) this.logger.warn(`${this.definition.name} queue unavailable: ${error.message}`);
    this.outage = true;
  }
}
