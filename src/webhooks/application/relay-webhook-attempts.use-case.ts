import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { Clock, DetachedWork } from '@lib/core';
import type { ScheduledAttempt } from '../domain/webhook-delivery';
import { WebhookDeliveries } from './webhook-deliveries';
import { QueuedBatch, WebhookQueue } from './webhook-queue';

/** An attempt not relayed this long after it was scheduled missed its relay (queue down, process died). */
export const UNRELAYED_GRACE_MS = 5_000;
/** A relayed attempt still pending this long after it was due was probably lost by the queue. */
export const RELAYED_STALE_MS = 10 * 60_000;
const BATCH = 1_000;
const MAX_BATCHES = 20;
/** Attempts to one endpoint, due at the same time, carried by one job. */
export const ATTEMPTS_PER_JOB = 500;

/**
 * Hands committed attempts to the queue and notes when; a failure leaves them for the periodic pass. Attempts to
 * the same endpoint due at the same time travel together, up to ATTEMPTS_PER_JOB a job.
 */
@Injectable()
export class RelayWebhookAttempts implements BeforeApplicationShutdown {
  private readonly logger = new Logger('RelayWebhookAttempts');
  private readonly relays = new DetachedWork();

  constructor(
    private readonly deliveries: WebhookDeliveries,
    private readonly queue: WebhookQueue,
    private readonly clock: Clock,
  ) {}

  /** Attempts their transaction wrote marked relayed; if the queue refuses them, they are marked unrelayed. */
  async execute(attempts: readonly ScheduledAttempt[]): Promise<void> {
    if (attempts.length === 0) return;
    try {
      await this.queue.add(this.batches(attempts));
    } catch (error) {
      await this.deliveries.markUnrelayed(attempts.map((a) => a.deliveryId)).catch(() => undefined);
      throw error;
    }
  }

  /** Attempts found by the periodic pass (unrelayed, or lost by the queue): relayed, then marked so. */
  async relayAgain(attempts: readonly ScheduledAttempt[]): Promise<void> {
    if (attempts.length === 0) return;
    await this.queue.add(this.batches(attempts));
    await this.deliveries.markRelayed(
      attempts.map((a) => a.deliveryId),
      this.clock.now(),
    );
  }

  /** Attempts to the same endpoint due at the same time travel together, ATTEMPTS_PER_JOB at most. */
  private batches(attempts: readonly ScheduledAttempt[]): QueuedBatch[] {
    // Delays from the clock that set the due times (tests move it), not from the queue's own.
    const now = this.clock.now().getTime();
    const batches = new Map<string, QueuedBatch[]>();
    for (const attempt of attempts) {
      const key = `${attempt.endpointId} ${attempt.dueAt.getTime()}`;
      let list = batches.get(key);
      if (!list) batches.set(key, (list = []));
      let batch = list.at(-1);
      if (!batch || batch.deliveryIds.length >= ATTEMPTS_PER_JOB) {
        batch = { endpointId: attempt.endpointId, deliveryIds: [], delayMs: attempt.dueAt.getTime() - now };
        list.push(batch);
      }
      batch.deliveryIds.push(attempt.deliveryId);
    }
    return [...batches.values()].flat();
  }

  /** For after-commit hooks: starts the relay and never waits for it nor throws. */
  soon(attempts: readonly ScheduledAttempt[]): void {
    if (attempts.length === 0) return;
    this.relays.start(
      () => this.execute(attempts),
      (error) => this.logger.warn(`webhook attempts left for the periodic relay: ${(error as Error).message}`),
    );
  }

  /**
   * Relays in progress finish before the queue's connection closes (graceful shutdown, the admin CLI's exit):
   * cut off, they would be marked unrelayed and wait for the periodic pass, seconds late.
   */
  async beforeApplicationShutdown(): Promise<void> {
    await this.relays.settled();
  }
}

/** The periodic pass that relays what the after-commit relay missed. */
@Injectable()
export class RelayStaleWebhookAttempts {
  constructor(
    private readonly deliveries: WebhookDeliveries,
    private readonly relay: RelayWebhookAttempts,
    private readonly clock: Clock,
  ) {}

  /** `staleMs`: how long after its due time a relayed attempt still pending counts as lost by the queue. */
  async execute(staleMs = RELAYED_STALE_MS): Promise<number> {
    let relayed = 0;
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const now = this.clock.now().getTime();
      const attempts = await this.deliveries.findRelayable({
        unrelayedBefore: new Date(now - UNRELAYED_GRACE_MS),
        staleBefore: new Date(now - staleMs),
        limit: BATCH,
      });
      if (attempts.length === 0) return relayed;
      await this.relay.relayAgain(attempts);
      relayed += attempts.length;
      if (attempts.length < BATCH) return relayed;
    }
    return relayed;
  }
}
