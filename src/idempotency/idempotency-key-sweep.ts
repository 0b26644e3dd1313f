import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { PeriodicSchedule } from '../scheduling/application/periodic-schedule';
import { RemoveExpiredIdempotencyKeys } from './application/remove-expired-idempotency-keys.use-case';

export const IDEMPOTENCY_SWEEP_QUEUE = 'idempotency-keys';
export const IDEMPOTENCY_SWEEP_TASK = 'remove-expired-idempotency-keys';

export interface IdempotencyKeySweepSettings {
  /** How often the expired keys are removed. */
  intervalMs: number;
}

export const IDEMPOTENCY_KEY_SWEEP_SETTINGS = Symbol('IDEMPOTENCY_KEY_SWEEP_SETTINGS');

/**
 * Removes expired Idempotency-Key answers on a schedule, in the worker (and in the embedded API, which is its own
 * worker), like the request lifecycle's passes: BullMQ job schedulers with Redis, a timer without.
 */
@Injectable()
export class IdempotencyKeySweep implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('IdempotencyKeySweep');

  constructor(
    private readonly schedule: PeriodicSchedule,
    private readonly removeExpired: RemoveExpiredIdempotencyKeys,
    @Inject(IDEMPOTENCY_KEY_SWEEP_SETTINGS) private readonly settings: IdempotencyKeySweepSettings,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.schedule.start([IDEMPOTENCY_SWEEP_TASK], () => this.run(), this.settings.intervalMs);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.schedule.close();
  }

  /** One pass, now; answers how many keys it removed. */
  async run(): Promise<number> {
    const removed = await this.removeExpired.execute();
    if (removed > 0) this.logger.log(`removed ${removed} expired idempotency key(s)`);
    return removed;
  }
}
