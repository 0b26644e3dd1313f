import { FixedClock } from '@lib/core';
import { AppConfig } from '../../config/app-config';
import { ExpiredEvents } from './expired-events';
import { RemoveExpiredEvents } from './remove-expired-events.use-case';

/** Answers the counts given, one per batch, and notes what it was asked. */
class ScriptedExpiredEvents extends ExpiredEvents {
  readonly asked: { before: Date; limit: number }[] = [];
  constructor(private readonly counts: number[]) {
    super();
  }
  async remove(before: Date, limit: number): Promise<number> {
    this.asked.push({ before, limit });
    return this.counts.shift() ?? 0;
  }
}

describe('RemoveExpiredEvents', () => {
  const now = new Date('2026-11-27T12:00:00.000Z');

  it('removes events older than EVENT_RETENTION_DAYS, batch after batch, until a batch finds none', async () => {
    // Batches smaller than their size still leave some: they look at a few organizations at a time.
    const expired = new ScriptedExpiredEvents([500, 3, 2, 0, 7]);
    const removed = await new RemoveExpiredEvents(
      expired,
      new AppConfig({ EVENT_RETENTION_DAYS: '45' }),
      new FixedClock(now),
    ).execute();
    expect(removed).toBe(505);
    expect(expired.asked).toHaveLength(4);
    expect(expired.asked[0]).toEqual({ before: new Date('2026-10-13T12:00:00.000Z'), limit: 500 });
  });

  it('keeps 30 days by default', async () => {
    const expired = new ScriptedExpiredEvents([]);
    await new RemoveExpiredEvents(expired, new AppConfig({}), new FixedClock(now)).execute({ batchSize: 10 });
    expect(expired.asked).toEqual([{ before: new Date('2026-10-28T12:00:00.000Z'), limit: 10 }]);
  });
});
