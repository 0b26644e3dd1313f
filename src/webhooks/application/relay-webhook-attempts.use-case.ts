import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import type { OutboxJob } from '../../outbox/application/outbox-queue';
import { OutboxRelay, RelayDefinition } from '../../outbox/application/outbox-relay';
import type { ScheduledAttempt } from '../domain/webhook-delivery';
import { WebhookDeliveries } from './webhook-deliveries';
import { ATTEMPTS_JOB, WebhookJob, WebhookQueue } from './webhook-queue';

/** Attempts to one endpoint, due at the same time, carried by one job. */
export const ATTEMPTS_PER_JOB = 500;

/** Attempts to the same endpoint due at the same time travel together, ATTEMPTS_PER_JOB at most. */
function batches(attempts: readonly ScheduledAttempt[], now: Date): OutboxJob<WebhookJob>[] {
  const jobs = new Map<string, { endpointId: string; deliveryIds: string[]; dueAt: Date }[]>();
  for (const attempt of attempts) {
    const key = `${attempt.endpointId} ${attempt.dueAt.getTime()}`;
    let list = jobs.get(key);
    if (!list) jobs.set(key, (list = []));
    let batch = list.at(-1);
    if (!batch || batch.deliveryIds.length >= ATTEMPTS_PER_JOB) {
      batch = { endpointId: attempt.endpointId, deliveryIds: [], dueAt: attempt.dueAt };
      list.push(batch);
    }
    batch.deliveryIds.push(attempt.deliveryId);
  }
  return [...jobs.values()].flat().map(({ endpointId, deliveryIds, dueAt }) => ({
    name: ATTEMPTS_JOB,
    id: deliveryIds[0],
    data: { endpointId, deliveryIds },
    // From the clock that set the due times (tests move it), not from the queue's own.
    delayMs: dueAt.getTime() - now.getTime(),
  }));
}

const WEBHOOK_RELAY: RelayDefinition<ScheduledAttempt, WebhookJob> = {
  rowsName: 'webhook attempts',
  batchSize: 1_000,
  idOf: (attempt) => attempt.deliveryId,
  jobsFor: batches,
};

/**
 * Hands committed attempts to the queue. They are written marked relayed (their writer relays them right after its
 * commit); a relay that fails marks them unrelayed, for the periodic relay.
 */
@Injectable()
export class RelayWebhookAttempts extends OutboxRelay<ScheduledAttempt, WebhookJob> {
  constructor(deliveries: WebhookDeliveries, queue: WebhookQueue, clock: Clock) {
    super(deliveries, queue, clock, WEBHOOK_RELAY);
  }
}
