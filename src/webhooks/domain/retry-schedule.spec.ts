import { DEFAULT_RETRY_SCHEDULE_SECONDS, nextAttemptAt } from './retry-schedule';

describe('nextAttemptAt', () => {
  const failedAt = new Date('2026-11-22T10:00:00.000Z');

  it('waits the schedule entry of the failed attempt, and stops after the last', () => {
    expect(nextAttemptAt(DEFAULT_RETRY_SCHEDULE_SECONDS, 1, failedAt)).toEqual(new Date('2026-11-22T10:00:05.000Z'));
    expect(nextAttemptAt(DEFAULT_RETRY_SCHEDULE_SECONDS, 2, failedAt)).toEqual(new Date('2026-11-22T10:05:00.000Z'));
    expect(nextAttemptAt(DEFAULT_RETRY_SCHEDULE_SECONDS, 7, failedAt)).toEqual(new Date('2026-11-22T20:00:00.000Z'));
    expect(nextAttemptAt(DEFAULT_RETRY_SCHEDULE_SECONDS, 8, failedAt)).toBeNull();
    expect(nextAttemptAt([0], 1, failedAt)).toEqual(failedAt);
    expect(nextAttemptAt([], 1, failedAt)).toBeNull();
  });
});
