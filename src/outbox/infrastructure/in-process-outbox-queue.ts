import { Logger, OnApplicationShutdown } from '@nestjs/common';
import { JOB_ATTEMPTS, PermanentJobError, retryDelay } from '../application/job-retries';
import { ConsumerSettings, JobHandler, OutboxJob, OutboxQueue, QueueDefinition } from '../application/outbox-queue';

interface Entry<Data> {
  job: OutboxJob<Data>;
  /** Tries already failed. */
  failures: number;
}

/**
 * The queue of the embedded mode (no REDIS_URL): jobs live in this process's memory, with the same retries, doubling
 * waits, delays and postponements as on BullMQ. Nothing is lost when the process stops: the outbox rows stay
 * pending and the periodic relay adds them again at the next start.
 */
export class InProcessOutboxQueue<Data> extends OutboxQueue<Data> implements OnApplicationShutdown {
  private readonly logger: Logger;
  /** Ids waiting, running or waiting for a retry: adding one again adds nothing, as with BullMQ's job ids. */
  private readonly known = new Set<string>();
  private readonly ready: Entry<Data>[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private handler: JobHandler<Data> | null = null;
  private settings: ConsumerSettings | null = null;
  private closed = false;
  private consumerExpected = false;

  constructor(private readonly definition: QueueDefinition) {
    super();
    this.logger = new Logger(definition.logContext);
  }

  get hasConsumer(): boolean {
    return this.consumerExpected || this.handler !== null;
  }

  expectConsumer(): void {
    this.consumerExpected = true;
  }

  async add(jobs: readonly OutboxJob<Data>[]): Promise<void> {
    if (this.closed) throw new Error(`the ${this.definition.name} queue is closed`);
    for (const job of jobs) {
      if (job.id !== undefined) {
        if (this.known.has(job.id)) continue;
        this.known.add(job.id);
      }
      this.later({ job, failures: 0 }, job.delayMs ?? 0);
    }
    this.pump();
  }

  async process(handler: JobHandler<Data>, settings: ConsumerSettings): Promise<void> {
    if (this.handler) throw new Error(`the ${this.definition.name} queue already has a consumer`);
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

  private later(entry: Entry<Data>, delayMs: number): void {
    if (delayMs <= 0) {
      this.ready.push(entry);
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.ready.push(entry);
      this.pump();
    }, delayMs);
    this.timers.add(timer);
  }

  private pump(): void {
    const { handler, settings } = this;
    if (!handler || !settings || this.closed) return;
    while (this.running.size < settings.concurrency && this.ready.length > 0) {
      const entry = this.ready.shift()!;
      const run = this.run(handler, settings, entry).finally(() => {
        this.running.delete(run);
        this.pump();
      });
      this.running.add(run);
    }
  }

  private async run(handler: JobHandler<Data>, settings: ConsumerSettings, entry: Entry<Data>): Promise<void> {
    const { job } = entry;
    const attempt = entry.failures + 1;
    try {
      const outcome = await handler({ name: job.name, data: job.data, attempt, isFinal: attempt >= JOB_ATTEMPTS });
      if (outcome && !this.closed) this.later(entry, outcome.postponeMs);
      else this.forget(job);
    } catch (error) {
      this.logger.warn(`job ${job.name} ${job.id ?? ''} attempt ${attempt} failed: ${(error as Error).message}`);
      if (error instanceof PermanentJobError || attempt >= JOB_ATTEMPTS || this.closed) this.forget(job);
      else this.later({ job, failures: attempt }, retryDelay(settings, attempt));
    }
  }

  private forget(job: OutboxJob<Data>): void {
    if (job.id !== undefined) this.known.delete(job.id);
  }
}
