import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DeliverWebhookAttempt } from './application/deliver-webhook-attempt.use-case';
import { RELAYED_STALE_MS, RelayStaleWebhookAttempts } from './application/relay-webhook-attempts.use-case';
import { AttemptOutcome, WebhookConsumerSettings, WebhookQueue } from './application/webhook-queue';

export interface WebhookWorkerSettings extends WebhookConsumerSettings {
  /** Attempts to one endpoint running at once in one process; the others wait, and leave their slot meanwhile. */
  perEndpointConcurrency: number;
  /** A 2xx must come within this. */
  timeoutMs: number;
  /** How often pending attempts the queue may not hold are relayed again. */
  relayIntervalMs: number;
  /** A relayed attempt still pending this long after it was due is taken as lost by the queue and relayed again. */
  relayStaleMs: number;
}

export const DEFAULT_WEBHOOK_WORKER_SETTINGS: WebhookWorkerSettings = {
  concurrency: 50,
  perEndpointConcurrency: 10,
  timeoutMs: 10_000,
  lockDurationMs: 30_000,
  stalledIntervalMs: 15_000,
  relayIntervalMs: 5_000,
  relayStaleMs: RELAYED_STALE_MS,
};

export const WEBHOOK_WORKER_SETTINGS = Symbol('WEBHOOK_WORKER_SETTINGS');

/** A busy endpoint's attempt comes back after this long, give or take, so waiting attempts do not all return at once. */
const POSTPONE_MS = 500;

/**
 * Runs webhook attempts with a cap per endpoint, so a slow endpoint holds at most that many of the process's slots
 * and never delays another endpoint (nor the emails, which have their own queue and consumer); and, every few
 * seconds, relays the attempts whose relay was missed.
 */
@Injectable()
export class WebhookConsumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('WebhookConsumer');
  private readonly inFlight = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private relaying: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly queue: WebhookQueue,
    private readonly deliver: DeliverWebhookAttempt,
    private readonly relayStale: RelayStaleWebhookAttempts,
    @Inject(WEBHOOK_WORKER_SETTINGS) private readonly settings: WebhookWorkerSettings,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.process((attempt) => this.handle(attempt), this.settings);
    this.relayNow();
    this.timer = setInterval(() => this.relayNow(), this.settings.relayIntervalMs);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.relaying;
    await this.queue.close();
  }

  private async handle(attempt: { deliveryId: string; endpointId: string }): Promise<AttemptOutcome> {
    const running = this.inFlight.get(attempt.endpointId) ?? 0;
    if (running >= this.settings.perEndpointConcurrency) {
      return { postponeMs: POSTPONE_MS / 2 + Math.random() * POSTPONE_MS };
    }
    this.inFlight.set(attempt.endpointId, running + 1);
    try {
      await this.deliver.execute({ deliveryId: attempt.deliveryId });
      return 'done';
    } finally {
      const left = (this.inFlight.get(attempt.endpointId) ?? 1) - 1;
      if (left === 0) this.inFlight.delete(attempt.endpointId);
      else this.inFlight.set(attempt.endpointId, left);
    }
  }

  private relayNow(): void {
    this.relaying = this.relaying.then(async () => {
      if (this.stopped) return;
      try {
        const relayed = await this.relayStale.execute(this.settings.relayStaleMs);
        if (relayed > 0) this.logger.log(`relayed ${relayed} pending webhook attempt(s)`);
      } catch (error) {
        this.logger.warn(`webhook relay pass failed: ${(error as Error).message}`);
      }
    });
  }
}
