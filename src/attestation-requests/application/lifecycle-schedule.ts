/** The scheduled passes of the request lifecycle; each is one use-case that takes "now" from the Clock. */
export const LIFECYCLE_TASKS = ['expire-overdue-requests', 'send-due-reminders', 'renew-due-attestations'] as const;
export type LifecycleTask = (typeof LIFECYCLE_TASKS)[number];

export type LifecycleHandler = (task: LifecycleTask) => Promise<unknown>;

/**
 * Runs every lifecycle task every `everyMs`. Two adapters: BullMQ job schedulers on Redis (each tick runs once
 * across all the workers sharing that Redis), and a timer in this process for the embedded mode without Redis.
 * The tasks are safe to run concurrently anyway: they lock what they change.
 */
export abstract class LifecycleSchedule {
  abstract start(handler: LifecycleHandler, everyMs: number): Promise<void>;
  /** Stops scheduling and waits for the pass in hand to finish. */
  abstract close(): Promise<void>;
}
