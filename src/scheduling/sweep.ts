import { Inject, Injectable, Logger, mixin, Type } from '@nestjs/common';
import { PeriodicPasses } from './application/periodic-passes';

/** A use-case that removes what has expired, answering how many it removed. */
export interface Removal {
  execute(): Promise<number>;
}

/**
 * A module's one scheduled pass that runs a removal and logs what it removed (the events past the retention period,
 * the expired Idempotency-Key answers): the module names its task, its removal and the words of its log line.
 */
export function Sweep(options: {
  task: string;
  removal: Type<Removal>;
  /** The log's context, the sweep's name. */
  logAs: string;
  report: (removed: number) => string;
}): Type<PeriodicPasses> {
  @Injectable()
  class RemovalSweep implements PeriodicPasses {
    readonly tasks = [options.task];
    private readonly logger = new Logger(options.logAs);

    constructor(@Inject(options.removal) private readonly removal: Removal) {}

    /** One pass, now; answers how many things it removed. */
    async run(): Promise<number> {
      const removed = await this.removal.execute();
      if (removed > 0) this.logger.log(options.report(removed));
      return removed;
    }
  }
  return mixin(RemovalSweep);
}
