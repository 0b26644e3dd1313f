import { JOB_ATTEMPTS } from '../../outbox/application/job-retries';
import { OutboxQueue, queueKeepingCompletedJobs } from '../../outbox/application/outbox-queue';

/** One attempt at delivering a notification. */
export interface DeliveryAttempt {
  notificationId: string;
  /** 1 for the first try. */
  attempt: number;
  /** No retry follows if this one fails. */
  isFinal: boolean;
}

/** Tries per notification; the waits between them double (see ConsumerSettings.backoffMs). */
export const DELIVERY_ATTEMPTS = JOB_ATTEMPTS;

/** "Deliver notification X": the job's id is the notification's, so relaying it twice adds one job. */
export interface DeliverJob {
  notificationId: string;
}

export const DELIVER_JOB = 'deliver';

// A notification relayed again just after it was sent finds its job and adds nothing.
export const NOTIFICATION_QUEUE = queueKeepingCompletedJobs('notifications', 'NotificationQueue', 10_000);

/** The emails' queue (its own: a backlog of webhooks never sits in front of them), as a DI token. */
export abstract class NotificationQueue extends OutboxQueue<DeliverJob> {}
