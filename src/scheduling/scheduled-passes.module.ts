import { BeforeApplicationShutdown, DynamicModule, OnApplicationBootstrap, Type } from '@nestjs/common';
import { PeriodicSchedule } from './application/periodic-schedule';
import { ScheduledPasses } from './application/scheduled-passes';
import { PeriodicScheduleModule } from './periodic-schedule.module';

/** Starts a module's passes every `everyMs` once the application is up; waits for the pass in hand at shutdown. */
export class ScheduledPassesRunner implements OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(
    private readonly schedule: PeriodicSchedule,
    private readonly passes: ScheduledPasses,
    private readonly everyMs: number,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.schedule.start(this.passes.tasks, (task) => this.passes.run(task), this.everyMs);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.schedule.close();
  }
}

/**
 * The dynamic module `module` that runs `passes` (a provider of its own, exported, so tests and the CLI can run a
 * pass now) every `everyMs`, on a PeriodicSchedule of its own on the BullMQ queue `queue`; loaded where the
 * scheduled passes run (the worker, or the embedded API).
 */
export function scheduledPassesModule(
  module: Type,
  input: { passes: Type<ScheduledPasses>; imports: DynamicModule['imports']; queue: string; everyMs: number },
): DynamicModule {
  return {
    module,
    imports: [...(input.imports ?? []), PeriodicScheduleModule.forQueue(input.queue)],
    providers: [
      input.passes,
      {
        provide: ScheduledPassesRunner,
        inject: [PeriodicSchedule, input.passes],
        useFactory: (schedule: PeriodicSchedule, passes: ScheduledPasses) =>
          new ScheduledPassesRunner(schedule, passes, input.everyMs),
      },
    ],
    exports: [input.passes],
  };
}
