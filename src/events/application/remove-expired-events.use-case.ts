import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import { AppConfig } from '../../config/app-config';
import { ExpiredEvents } from './expired-events';

/** Events per statement (their webhook attempts go with them): short transactions, few row locks at once. */
export const EXPIRED_EVENTS_BATCH_SIZE = 500;
/** A pass stops after this many batches and the next one goes on, so a first purge of a large log stays bounded. */
const MAX_BATCHES_PER_PASS = 200;
const DAY_MS = 24 * 3600_000;

/**
 * The scheduled pass that removes events older than EVENT_RETENTION_DAYS (30 by default, the contract's minimum),
 * and with them their webhook attempts, batch after batch, off the request path.
 */
@Injectable()
export class RemoveExpiredEvents {
  constructor(
    private readonly expired: ExpiredEvents,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  async execute(input: { batchSize?: number } = {}): Promise<number> {
    const batchSize = input.batchSize ?? EXPIRED_EVENTS_BATCH_SIZE;
    const before = new Date(this.clock.now().getTime() - this.config.eventRetentionDays * DAY_MS);
    let removed = 0;
    // Until a batch finds nothing: one may take fewer than its size and still leave some (it looks at a few
    // organizations at a time).
    for (let batch = 0; batch < MAX_BATCHES_PER_PASS; batch++) {
      const count = await this.expired.remove(before, batchSize);
      removed += count;
      if (count === 0) break;
    }
    return removed;
  }
}
