import { retryDelay } from './job-retries';

describe('retryDelay', () => {
  it('doubles the wait after each failed attempt', () => {
    expect([1, 2, 3, 4].map((failed) => retryDelay({ backoffMs: 5000 }, failed))).toEqual([5000, 10000, 20000, 40000]);
  });
});
