/** One attempt at delivering a notification. */
export interface DeliveryAttempt {
  notificationId: string;
  /** 1 for the first try. */
  attempt: number;
  /** No retry follows if this one fails. */
  isFinal: boolean;
}

export type DeliveryHandler = (attempt: DeliveryAttempt) => Promise<unknown>;

/** Tries per notification; the waits between them double (see ConsumerSettings.backoffMs). */
export const DELIVERY_ATTEMPTS = 5;

export interface ConsumerSettings {
  /** Jobs handled at once by one process. */
  concurrency: number;
  /** Wait before the 2nd try; then twice as long before each next one. */
  backoffMs: number;
  /** How long a crashed consumer's job stays claimed before another takes it (BullMQ lock). */
  lockDurationMs: number;
  /** How often claims of crashed consumers are looked for (BullMQ stalled check). */
  stalledIntervalMs: number;
}

export function retryDelay(settings: Pick<ConsumerSettings, 'backoffMs'>, failedAttempts: number): number {
  return settings.backoffMs * 2 ** Math.max(0, failedAttempts - 1);
}

/**
 * Carries "deliver notification X" jobs. Adding an id while a job for it exists adds nothing (the job id is the
 * notification id). Two adapters: BullMQ on Redis, and an in-process one for the embedded mode without Redis.
 */
export abstract class NotificationQueue {
  abstract add(notificationIds: readonly string[]): Promise<void>;
  /**
   * Whether what is added will be delivered: always on Redis (a worker takes it); in process, only where a
   * consumer runs. Relaying to an in-process queue no one reads (the admin CLI without Redis) would only hide
   * the rows from the periodic relay of the process that does deliver.
   */
  abstract get hasConsumer(): boolean;
  /** Declared by the consumer when it is created, before anything this process does at boot may relay. */
  abstract expectConsumer(): void;
  /** Starts taking jobs; only the worker (or the embedded API) calls it. */
  abstract process(handler: DeliveryHandler, settings: ConsumerSettings): Promise<void>;
  /** Stops taking jobs and waits for the ones in hand to finish. */
  abstract close(): Promise<void>;
}
