import { Inject, Injectable, Logger } from '@nestjs/common';
import { OutboxConsumer, OutboxConsumerSettings } from '../outbox/application/outbox-consumer';
import type { JobOutcome, JobRun } from '../outbox/application/outbox-queue';
import { RELAYED_STALE_MS } from '../outbox/application/outbox-relay';
import type { ScheduledAttempt } from './domain/webhook-delivery';
import { DeliverWebhookAttempts, DeliverySlots } from './application/deliver-webhook-attempt.use-case';
import { FanOutEvents } from './application/fan-out-events.use-case';
import { RelayWebhookAttempts } from './application/relay-webhook-attempts.use-case';
import { FAN_OUT_JOB, SINGLE_ATTEMPT_JOB, WebhookJob, WebhookQueue } from './application/webhook-queue';

/** `concurrency`: jobs (batches of attempts, fan-out passes) running at once in one process, all endpoints together. */
export interface WebhookWorkerSettings extends OutboxConsumerSettings {
  /** HTTP exchanges with one endpoint in flight at once in one process; its other attempts wait their turn. */
  perEndpointConcurrency: number;
  /** Jobs (batches) for one endpoint running at once in one process; the others leave their slot and come back. */
  perEndpointJobs: number;
  /** A 2xx must come within this. */
  timeoutMs: number;
  /** A relayed attempt still pending this long after it was due is taken as lost by the queue and relayed again. */
  relayStaleMs: number;
  /** How often committed events are fanned out without being signalled (a lost signal, a long transaction). */
  fanOutIntervalMs: number;
  /** Outcomes recorded in one transaction once this many are waiting, or `recordDelayMs` after the first. */
  recordBatchSize: number;
  recordDelayMs: number;
}

export const DEFAULT_WEBHOOK_WORKER_SETTINGS: WebhookWorkerSettings = {
  concurrency: 50,
  perEndpointConcurrency: 32,
  perEndpointJobs: 4,
  timeoutMs: 10_000,
  // Only a job that throws is tried again (PostgreSQL unreachable); a failed delivery is a new pending row.
  backoffMs: 1_000,
  lockDurationMs: 30_000,
  stalledIntervalMs: 15_000,
  relayIntervalMs: 5_000,
  relayStaleMs: RELAYED_STALE_MS,
  fanOutIntervalMs: 1_000,
  recordBatchSize: 100,
  recordDelayMs: 100,
};

export const WEBHOOK_WORKER_SETTINGS = Symbol('WEBHOOK_WORKER_SETTINGS');

/** A busy endpoint's batch comes back after this long, give or take, so waiting batches do not all return at once. */
const POSTPONE_MS = 500;

/** Slots of one endpoint in this process: batches running, and HTTP exchanges in flight with their waiters. */
class EndpointSlots {
  jobs = 0;
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  get idle(): boolean {
    return this.jobs === 0 && this.inFlight === 0 && this.waiting.length === 0;
  }

  acquire(): Promise<() => void> {
    return new Promise((granted) => {
      const grant = () => {
        this.inFlight++;
        let released = false;
        granted(() => {
          if (released) return;
          released = true;
          this.inFlight--;
          this.waiting.shift()?.();
        });
      };
      if (this.inFlight < this.limit) grant();
      else this.waiting.push(grant);
    });
  }
}

/**
 * Runs batches of webhook attempts with caps per endpoint (batches running, HTTP exchanges in flight), so a slow
 * endpoint holds at most `perEndpointJobs` of the process's slots and never delays another endpoint (nor the
 * emails, which have their own queue and consumer); and fans committed events out when signalled, one pass at a
 * time in this process, and every second anyway. The outbox machine relays, retries and stops.
 */
@Injectable()
export class WebhookConsumer extends OutboxConsumer<ScheduledAttempt, WebhookJob> {
  private readonly logger = new Logger('WebhookConsumer');
  private readonly endpoints = new Map<string, EndpointSlots>();
  private fanOutTimer: NodeJS.Timeout | null = null;
  private fanningOut: Promise<void> | null = null;
  private fanOutAgain = false;
  private stopped = false;

  constructor(
    queue: WebhookQueue,
    relay: RelayWebhookAttempts,
    private readonly deliver: DeliverWebhookAttempts,
    private readonly fanOutEvents: FanOutEvents,
    @Inject(WEBHOOK_WORKER_SETTINGS) private readonly settings: WebhookWorkerSettings,
  ) {
    super(queue, relay, settings);
  }

  override async onApplicationBootstrap(): Promise<void> {
    await super.onApplicationBootstrap();
    void this.fanOut();
    this.fanOutTimer = setInterval(() => void this.fanOut(), this.settings.fanOutIntervalMs);
    this.fanOutTimer.unref();
  }

  override async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.fanOutTimer) clearInterval(this.fanOutTimer);
    await this.fanningOut;
    await super.beforeApplicationShutdown();
  }

  protected async handle(run: JobRun<WebhookJob>): Promise<JobOutcome> {
    if (run.name === FAN_OUT_JOB) return this.fanOut();
    const { endpointId = '', deliveryIds = [], deliveryId } = run.data;
    return this.deliverBatch({
      endpointId,
      deliveryIds: run.name === SINGLE_ATTEMPT_JOB && deliveryId ? [deliveryId] : deliveryIds,
    });
  }

  private async deliverBatch(batch: { endpointId: string; deliveryIds: string[] }): Promise<JobOutcome> {
    let slots = this.endpoints.get(batch.endpointId);
    if (!slots) this.endpoints.set(batch.endpointId, (slots = new EndpointSlots(this.settings.perEndpointConcurrency)));
    if (slots.jobs >= this.settings.perEndpointJobs) {
      return { postponeMs: POSTPONE_MS / 2 + Math.random() * POSTPONE_MS };
    }
    slots.jobs++;
    try {
      const limited: DeliverySlots = { acquire: () => slots.acquire(), stopping: () => this.stopped };
      const left = await this.deliver.execute(batch, limited);
      // Stopping: the attempts not started wait in the queue for the next consumer.
      return left > 0 ? { postponeMs: POSTPONE_MS } : undefined;
    } finally {
      slots.jobs--;
      if (slots.idle) this.endpoints.delete(batch.endpointId);
    }
  }

  /** One pass at a time; a signal during a pass runs one more after it, which sees what committed meanwhile. */
  private fanOut(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.fanningOut) {
      this.fanOutAgain = true;
      return Promise.resolve();
    }
    this.fanningOut = (async () => {
      do {
        this.fanOutAgain = false;
        try {
          await this.fanOutEvents.execute();
        } catch (error) {
          this.logger.warn(`webhook fan-out pass failed: ${(error as Error).message}`);
        }
      } while (this.fanOutAgain && !this.stopped);
    })().finally(() => {
      this.fanningOut = null;
    });
    return this.fanningOut;
  }
}
