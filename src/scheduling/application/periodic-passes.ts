/**
 * A module's scheduled passes (the request lifecycle's, the sweep of expired idempotency keys): the names of its
 * tasks, and one pass of a task, now, answering how many things it changed. PeriodicScheduleModule.forPasses runs
 * them on a schedule of their own.
 */
export abstract class PeriodicPasses {
  abstract readonly tasks: readonly string[];
  abstract run(task: string): Promise<number>;
}
