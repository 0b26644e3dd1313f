import { Injectable, Logger } from '@nestjs/common';
import { ScheduledPasses } from '../scheduling/application/scheduled-passes';
import { RemoveExpiredIdempotencyKeys } from './application/remove-expired-idempotency-keys.use-case';

export const IDEMPOTENCY_SWEEP_QUEUE = 'idempotency-keys';
export const IDEMPOTENCY_SWEEP_TASK = 'remove-expired-idempotency-keys';

/**
 * Removes expired Idempotency-Key answers on a schedule, in the worker (and in the embedded API, which is its own
 * worker), like the request lifecycle's passes: BullMQ job schedulers with Redis, a timer without.
 */
@Injectable()
export class IdempotencyKeySweep extends ScheduledPasses {
  private readonly logger = new Logger('IdempotencyKeySweep');
  readonly tasks = [IDEMPOTENCY_SWEEP_TASK];

  constructor(private readonly removeExpired: RemoveExpiredIdempotencyKeys) {
    super();
  }

  /** One pass, now; answers how many keys it removed. */
  async run(): Promise<number> {
    const removed = await this.removeExpired.execute();
    if (removed > 0) this.logger.log(`removed ${removed} expired idempotency key(s)`);
    return removed;
  }
}
