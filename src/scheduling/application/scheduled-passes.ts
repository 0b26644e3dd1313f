/**
 * What a module runs on a schedule: the names of its passes, and one pass, now, answering how many things it
 * changed. The module's ScheduledPassesRunner starts them on its own PeriodicSchedule and stops them at shutdown.
 */
export abstract class ScheduledPasses {
  abstract readonly tasks: readonly string[];
  abstract run(task: string): Promise<number>;
}
