import { Injectable, Logger } from '@nestjs/common';
import { PeriodicPasses } from '../scheduling/application/periodic-passes';
import { RemoveExpiredIdempotencyKeys } from './application/remove-expired-idempotency-keys.use-case';

export const IDEMPOTENCY_SWEEP_QUEUE = 'idempotency-keys';
export const IDEMPOTENCY_SWEEP_TASK = 'remove-expired-idempotency-keys';

/**
 * Removes expired Idempotency-Key answers: the idempotency module's one scheduled pass, run in the worker (and in
 * the embedded API, which is its own worker) like the request lifecycle's passes.
 */
@Injectable()
export class IdempotencyKeySweep implements PeriodicPasses {
  readonly tasks = [IDEMPOTENCY_SWEEP_TASK];
  private readonly logger = new Logger('IdempotencyKeySweep');

  constructor(private readonly removeExpired: RemoveExpiredIdempotencyKeys) {}

  /** One pass, now; answers how many keys it removed. */
  async run(): Promise<number> {
    const removed = await this.removeExpired.execute();
    if (removed > 0) this.logger.log(`removed ${removed} expired idempotency key(s)`);
    return removed;
  }
}
