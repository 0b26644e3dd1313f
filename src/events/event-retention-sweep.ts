import { Injectable, Logger } from '@nestjs/common';
import { PeriodicPasses } from '../scheduling/application/periodic-passes';
import { RemoveExpiredEvents } from './application/remove-expired-events.use-case';

export const EVENT_RETENTION_QUEUE = 'event-retention';
export const EVENT_RETENTION_TASK = 'remove-expired-events';

/**
 * Removes events past the retention period (and their webhook attempts): the event log's one scheduled pass, run
 * in the worker (or the embedded API) like the idempotency keys' sweep.
 */
@Injectable()
export class EventRetentionSweep implements PeriodicPasses {
  readonly tasks = [EVENT_RETENTION_TASK];
  private readonly logger = new Logger('EventRetentionSweep');

  constructor(private readonly removeExpired: RemoveExpiredEvents) {}

  /** One pass, now; answers how many events it removed. */
  async run(): Promise<number> {
    const removed = await this.removeExpired.execute();
    if (removed > 0)
      this.logger.log(`removed ${removed} event(s) past the retention period, with their webhook attempts`);
    return removed;
  }
}
