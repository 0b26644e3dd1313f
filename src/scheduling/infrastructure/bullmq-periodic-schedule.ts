import { Injectable, Logger } from '@nestjs/common';
import { Job, Queue, Worker } from 'bullmq';
import Redis from 'ioredis';
import { AppConfig } from '../../config/app-config';
import { BOUNDED_REDIS_CONNECTION } from '../../redis/bounded-connection';
import { PeriodicHandler, PeriodicSchedule } from '../application/periodic-schedule';

/**
 * BullMQ job schedulers, one per task, in the queue `queueName` on the deployment's Redis prefix. Every worker
 * upserts the same schedulers (the last one's interval wins), and BullMQ hands each tick's job to exactly one of
 * them. A failed pass is not retried: the next tick runs it again.
 */
@Injectable()
export class BullmqPeriodicSchedule extends PeriodicSchedule {
  private readonly logger: Logger;
  private readonly connections: Redis[] = [];
  private queue: Queue | null = null;
  private worker: Worker | null = null;
  private outage = false;

  constructor(
    private readonly config: AppConfig,
    private readonly queueName: string,
  ) {
    super();
    this.logger = new Logger(`PeriodicSchedule:${queueName}`);
  }

  async start(tasks: readonly string[], handler: PeriodicHandler, everyMs: number): Promise<void> {
    if (this.worker) throw new Error(`the ${this.queueName} schedule is already started`);
    const prefix = `${this.config.redisPrefix}:queue`;
    const producer = this.connect();
    this.queue = new Queue(this.queueName, { connection: producer, prefix });
    this.queue.on('error', (error) => this.reportOutage(error));
    // Upserting is idempotent: done at every (re)connection, so a worker booted while Redis was down still
    // schedules the tasks once it is back.
    producer.on('ready', () => void this.upsertSchedulers(tasks, everyMs));
    this.worker = new Worker(this.queueName, (job: Job) => handler(job.name), {
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

  private async upsertSchedulers(tasks: readonly string[], everyMs: number): Promise<void> {
    try {
      for (const task of tasks) {
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
      ...BOUNDED_REDIS_CONNECTION,
    });
    redis.on('error', (error) => this.reportOutage(error));
    redis.on('ready', () => (this.outage = false));
    this.connections.push(redis);
    return redis;
  }

  private reportOutage(error: Error): void {
    if (!this.outage) this.logger.warn(`schedule unavailable: ${error.message}`);
    this.outage = true;
  }
}
