import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '@lib/core';
import type { ScheduledAttempt } from '../domain/webhook-delivery';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookQueue } from './webhook-queue';

/** An attempt not relayed this long after it was scheduled missed its relay (queue down, process died). */
export const UNRELAYED_GRACE_MS = 5_000;
/** A relayed attempt still pending this long after it was due was probably lost by the queue. */
export const RELAYED_STALE_MS = 10 * 60_000;
const BATCH = 1_000;
const MAX_BATCHES = 20;

/** Hands committed attempts to the queue and notes when; a failure leaves them for the periodic pass. */
@Injectable()
export class RelayWebhookAttempts {
  private readonly logger = new Logger('RelayWebhookAttempts');

  constructor(
    private readonly deliveries: WebhookDeliveries,
    private readonly queue: WebhookQueue,
    private readonly clock: Clock,
  ) {}

  async execute(attempts: readonly ScheduledAttempt[]): Promise<void> {
    if (attempts.length === 0) return;
    const now = this.clock.now().getTime();
    // Delays from the clock that set the due times (tests move it), not from the queue's own.
    await this.queue.add(
      attempts.map((a) => ({ deliveryId: a.deliveryId, endpointId: a.endpointId, delayMs: a.dueAt.getTime() - now })),
    );
    await this.deliveries.markRelayed(
      attempts.map((a) => a.deliveryId),
      this.clock.now(),
    );
  }

  /** For after-commit hooks: starts the relay and never waits for it nor throws. */
  soon(attempts: readonly ScheduledAttempt[]): void {
    if (attempts.length === 0) return;
    this.execute(attempts).catch((error: unknown) => {
      this.logger.warn(`webhook attempts left for the periodic relay: ${(error as Error).message}`);
    });
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
      await this.relay.execute(attempts);
      relayed += attempts.length;
      if (attempts.length < BATCH) return relayed;
    }
    return relayed;
  }
}
