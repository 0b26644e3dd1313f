import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import { IdempotentResponses } from './idempotent-responses';

/** Rows deleted per statement: short transactions that never hold many row locks or bloat one WAL record. */
export const EXPIRED_KEYS_BATCH_SIZE = 1000;

/**
 * The scheduled pass that removes keys past their 24 hours, batch after batch, until none is left. Expired keys
 * are already free before this runs (the request path ignores them); the pass only keeps the table small.
 */
@Injectable()
export class RemoveExpiredIdempotencyKeys {
  constructor(
    private readonly responses: IdempotentResponses,
    private readonly clock: Clock,
  ) {}

  async execute(input: { batchSize?: number } = {}): Promise<number> {
    const batchSize = input.batchSize ?? EXPIRED_KEYS_BATCH_SIZE;
    const now = this.clock.now();
    let removed = 0;
    for (;;) {
      const batch = await this.responses.removeExpired(now, batchSize);
      removed += batch;
      if (batch < batchSize) return removed;
    }
  }
}
