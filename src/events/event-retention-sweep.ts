import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { PeriodicSchedule } from '../scheduling/application/periodic-schedule';
import { RemoveExpiredEvents } from './application/remove-expired-events.use-case';

export const EVENT_RETENTION_QUEUE = 'event-retention';
export const EVENT_RETENTION_TASK = 'remove-expired-events';

export interface EventRetentionSettings {
  /** How often expired events are removed. */
  intervalMs: number;
}

export const EVENT_RETENTION_SETTINGS = Symbol('EVENT_RETENTION_SETTINGS');

/**
 * Removes events past the retention period (and their webhook attempts) on a schedule, in the worker (or the
 * embedded API), as the idempotency keys' sweep does: BullMQ job schedulers with Redis, a timer without.
 */
@Injectable()
export class EventRetentionSweep implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('EventRetentionSweep');

  constructor(
    private readonly schedule: PeriodicSchedule,
    private readonly removeExpired: RemoveExpiredEvents,
    @Inject(EVENT_RETENTION_SETTINGS) private readonly settings: EventRetentionSettings,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.schedule.start([EVENT_RETENTION_TASK], () => this.run(), this.settings.intervalMs);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.schedule.close();
  }

  /** One pass, now; answers how many events it removed. */
  async run(): Promise<number> {
    const removed = await this.removeExpired.execute();
    if (removed > 0)
      this.logger.log(`removed ${removed} event(s) past the retention period, with their webhook attempts`);
    return removed;
  }
}
