import { Injectable, Logger } from '@nestjs/common';
import { Job, Queue, Worker } from 'bullmq';
import Redis from 'ioredis';
import { AppConfig } from '../../config/app-config';
import { LIFECYCLE_TASKS, LifecycleHandler, LifecycleSchedule, LifecycleTask } from '../application/lifecycle-schedule';

export const LIFECYCLE_QUEUE_NAME = 'request-lifecycle';

/**
 * BullMQ job schedulers, one per task, on the deployment's Redis prefix. Every worker upserts the same
 * schedulers (the last one's interval wins), and BullMQ hands each tick's job to exactly one of them. A failed
 * pass is not retried: the next tick runs it again.
 */
@Injectable()
export class BullmqLifecycleSchedule extends LifecycleSchedule {
  private readonly logger = new Logger('RequestLifecycle');
  private readonly connections: Redis[] = [];
  private queue: Queue | null = null;
  private worker: Worker | null = null;
  private outage = false;

  constructor(private readonly config: AppConfig) {
    super();
  }

  async start(handler: LifecycleHandler, everyMs: number): Promise<void> {
    if (this.worker) throw new Error('the lifecycle schedule is already started');
    const prefix = `${this.config.redisPrefix}:queue`;
    const producer = this.connect();
    this.queue = new Queue(LIFECYCLE_QUEUE_NAME, { connection: producer, prefix });
    this.queue.on('error', (error) => this.reportOutage(error));
    // Upserting is idempotent: done at every (re)connection, so a worker booted while Redis was down still
    // schedules the tasks once it is back.
    producer.on('ready', () => void this.upsertSchedulers(everyMs));
    this.worker = new Worker(LIFECYCLE_QUEUE_NAME, (job: Job) => handler(job.name as LifecycleTask), {
      connection: this.connect(),
      prefix,
      concurrency: 1,
    });
    this.worker.on('error', (error) => this.reportOutage(error));
    this.worker.on('failed', (job, error) => this.logger.warn(`${job?.name} failed: ${error.message}`));
  }

  async close(): Promise<void> {
    await this.worker?.close();
    await this.queue?.close().catch(() => undefined);
    for (const connection of this.connections) connection.disconnect();
  }

  private async upsertSchedulers(everyMs: number): Promise<void> {
    try {
      for (const task of LIFECYCLE_TASKS) {
        await this.queue!.upsertJobScheduler(
          task,
          { every: everyMs },
          { name: task, opts: { removeOnComplete: true, removeOnFail: { count: 100 } } },
        );
      }
    } catch (error) {
      this.reportOutage(error as Error);
    }
  }

  private connect(): Redis {
    const redis = new Redis(this.config.redisUrl!, {
      maxRetriesPerRequest: null,
      connectTimeout: 2000,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    });
    redis.on('error', (error) => this.reportOutage(error));
    redis.on('ready', () => (this.outage = false));
    this.connections.push(redis);
    return redis;
  }

  private reportOutage(error: Error): void {
    if (!this.outage) this.logger.warn(`lifecycle schedule unavailable: ${error.message}`);
    this.outage = true;
  }
}
