import { nextAttemptAt } from './retry-schedule';

describe('nextAttemptAt', () => {
  const failedAt = new Date('2026-11-27T10:00:00.000Z');

  it('follows the default schedule when none is configured, and stops after its seventh retry', () => {
    expect(nextAttemptAt(undefined, 1, failedAt)).toEqual(new Date('2026-11-27T10:00:05.000Z'));
    expect(nextAttemptAt(undefined, 2, failedAt)).toEqual(new Date('2026-11-27T10:05:00.000Z'));
    expect(nextAttemptAt(undefined, 7, failedAt)).toEqual(new Date('2026-11-27T20:00:00.000Z'));
    expect(nextAttemptAt(undefined, 8, failedAt)).toBeNull();
  });

  it('follows a configured schedule instead', () => {
    expect(nextAttemptAt([1, 2], 2, failedAt)).toEqual(new Date('2026-11-27T10:00:02.000Z'));
    expect(nextAttemptAt([1, 2], 3, failedAt)).toBeNull();
  });

  it('retries at once for a zero entry, and never with an empty schedule', () => {
    expect(nextAttemptAt([0], 1, failedAt)).toEqual(failedAt);
    expect(nextAttemptAt([], 1, failedAt)).toBeNull();
  });
});
