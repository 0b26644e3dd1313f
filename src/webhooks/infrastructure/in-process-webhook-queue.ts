import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { QueuedBatch, WebhookConsumerSettings, WebhookHandlers, WebhookQueue } from '../application/webhook-queue';

interface Job {
  endpointId: string;
  deliveryIds: string[];
}

/**
 * The queue of the embedded mode (no REDIS_URL), in this process's memory. Nothing is lost when the process
 * stops: the attempts stay pending in the database, the events not fanned out stay after their organization's
 * cursor, and the periodic passes take them again at the next start.
 */
@Injectable()
export class InProcessWebhookQueue extends WebhookQueue implements OnApplicationShutdown {
  private readonly logger = new Logger('WebhookQueue');
  private readonly known = new Set<string>();
  private readonly ready: Job[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private handlers: WebhookHandlers | null = null;
  private settings: WebhookConsumerSettings | null = null;
  private closed = false;

  async add(batches: readonly QueuedBatch[]): Promise<void> {
    if (this.closed) throw new Error('the webhook queue is closed');
    // Without a consumer in this process (the admin CLI without Redis) nothing would run them: the attempts stay
    // unrelayed, for the periodic relay of the process that delivers (npm start's API).
    if (!this.handlers) throw new Error('no webhook consumer in this process');
    for (const batch of batches) {
      const key = batch.deliveryIds[0];
      if (key === undefined || this.known.has(key)) continue;
      this.known.add(key);
      this.later({ endpointId: batch.endpointId, deliveryIds: batch.deliveryIds }, batch.delayMs);
    }
    this.pump();
  }

  async requestFanOut(): Promise<void> {
    // Without a consumer here (the admin CLI without Redis), the delivering process's periodic pass fans them out.
    if (this.closed || !this.handlers) return;
    const run = this.handlers.fanOut().finally(() => this.running.delete(run));
    this.running.add(run);
  }

  async process(handlers: WebhookHandlers, settings: WebhookConsumerSettings): Promise<void> {
    if (this.handlers) throw new Error('the webhook queue already has a consumer');
    this.handlers = handlers;
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

  private later(job: Job, delayMs: number): void {
    if (delayMs <= 0) {
      this.ready.push(job);
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.ready.push(job);
      this.pump();
    }, delayMs);
    this.timers.add(timer);
  }

  private pump(): void {
    const { handlers, settings } = this;
    if (!handlers || !settings || this.closed) return;
    while (this.running.size < settings.concurrency && this.ready.length > 0) {
      const job = this.ready.shift()!;
      const run = this.run(handlers, job).finally(() => {
        this.running.delete(run);
        this.pump();
      });
      this.running.add(run);
    }
  }

  private async run(handlers: WebhookHandlers, job: Job): Promise<void> {
    try {
      const outcome = await handlers.deliver(job);
      if (outcome === 'done') this.known.delete(job.deliveryIds[0]);
      else this.later(job, outcome.postponeMs);
    } catch (error) {
      // PostgreSQL unreachable: the rows stay pending and the periodic relay adds them again.
      this.logger.warn(`webhook attempts ${job.deliveryIds[0]}… could not run: ${(error as Error).message}`);
      this.known.delete(job.deliveryIds[0]);
    }
  }
}
