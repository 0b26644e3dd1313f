export type PeriodicHandler = (task: string) => Promise<unknown>;

/**
 * Runs a fixed list of tasks every `everyMs` (the request lifecycle's passes, the sweep of expired idempotency
 * keys). Two adapters: BullMQ job schedulers on Redis (each tick runs once across all the workers sharing that
 * Redis), and a timer in this process for the embedded mode without Redis. Tasks must be safe to run
 * concurrently anyway: they lock what they change.
 */
export abstract class PeriodicSchedule {
  abstract start(tasks: readonly string[], handler: PeriodicHandler, everyMs: number): Promise<void>;
  /** Stops scheduling and waits for the pass in hand to finish. */
  abstract close(): Promise<void>;
}
