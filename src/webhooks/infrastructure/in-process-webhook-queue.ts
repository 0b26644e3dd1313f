import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { AttemptHandler, QueuedAttempt, WebhookConsumerSettings, WebhookQueue } from '../application/webhook-queue';

interface Job {
  deliveryId: string;
  endpointId: string;
}

/**
 * The queue of the embedded mode (no REDIS_URL), in this process's memory. Nothing is lost when the process
 * stops: the attempts stay pending in the database and the periodic relay adds them again at the next start.
 */
@Injectable()
export class InProcessWebhookQueue extends WebhookQueue implements OnApplicationShutdown {
  private readonly logger = new Logger('WebhookQueue');
  private readonly known = new Set<string>();
  private readonly ready: Job[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private handler: AttemptHandler | null = null;
  private settings: WebhookConsumerSettings | null = null;
  private closed = false;

  async add(attempts: readonly QueuedAttempt[]): Promise<void> {
    if (this.closed) throw new Error('the webhook queue is closed');
    // Without a consumer in this process (the admin CLI without Redis) nothing would run them: the attempts stay
    // unrelayed, for the periodic relay of the process that delivers (npm start's API).
    if (!this.handler) throw new Error('no webhook consumer in this process');
    for (const attempt of attempts) {
      if (this.known.has(attempt.deliveryId)) continue;
      this.known.add(attempt.deliveryId);
      this.later({ deliveryId: attempt.deliveryId, endpointId: attempt.endpointId }, attempt.delayMs);
    }
    this.pump();
  }

  async process(handler: AttemptHandler, settings: WebhookConsumerSettings): Promise<void> {
    if (this.handler) throw new Error('the webhook queue already has a consumer');
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
    const { handler, settings } = this;
    if (!handler || !settings || this.closed) return;
    while (this.running.size < settings.concurrency && this.ready.length > 0) {
      const job = this.ready.shift()!;
      const run = this.run(handler, job).finally(() => {
        this.running.delete(run);
        this.pump();
      });
      this.running.add(run);
    }
  }

  private async run(handler: AttemptHandler, job: Job): Promise<void> {
    try {
      const outcome = await handler(job);
      if (outcome === 'done') this.known.delete(job.deliveryId);
      else this.later(job, outcome.postponeMs);
    } catch (error) {
      // PostgreSQL unreachable: the row stays pending and the periodic relay adds it again.
      this.logger.warn(`webhook attempt ${job.deliveryId} could not run: ${(error as Error).message}`);
      this.known.delete(job.deliveryId);
    }
  }
}
