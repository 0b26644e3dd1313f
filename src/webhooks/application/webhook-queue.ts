import type { OutboxJob, QueueDefinition } from '../../outbox/application/outbox-queue';
import { OutboxQueue } from '../../outbox/application/outbox-queue';

/**
 * `attempts`: { endpointId, deliveryIds }, attempts to one endpoint made together; `attempt` (older, one attempt a
 * job, as relayed before attempts travelled in batches): { endpointId, deliveryId }, still taken as a batch of one;
 * `fan-out`: {}, a signal to fan the events committed since the last pass out.
 */
export interface WebhookJob {
  endpointId?: string;
  deliveryIds?: string[];
  deliveryId?: string;
}

export const ATTEMPTS_JOB = 'attempts';
export const SINGLE_ATTEMPT_JOB = 'attempt';
export const FAN_OUT_JOB = 'fan-out';

/** Losing it only delays the events to the periodic pass; never merged with another, as passes are cheap. */
export const FAN_OUT_SIGNAL: OutboxJob<WebhookJob> = { name: FAN_OUT_JOB, data: {} };

/** Its own queue: a backlog of webhooks never sits in front of the emails. */
export const WEBHOOK_QUEUE: QueueDefinition = { name: 'webhooks', logContext: 'WebhookQueue' };

/**
 * The webhooks' queue, as a DI token. A batch job's id is its first attempt's id, so relaying the same batch twice
 * while it waits adds one job; its delay is the attempts' due time. Retries of deliveries are not the queue's: a
 * failed attempt schedules the next one as a new pending row (the queue retries only a job that throws).
 */
export abstract class WebhookQueue extends OutboxQueue<WebhookJob> {}
