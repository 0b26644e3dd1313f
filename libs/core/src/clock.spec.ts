import { FixedClock, SystemClock } from './clock';

describe('clocks', () => {
  it('the system clock tells the time now', () => {
    const before = Date.now();
    const now = new SystemClock().now().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });

  it('a fixed clock stands still until set or advanced, and hands out copies', () => {
    const clock = new FixedClock(new Date('2026-11-22T10:00:00.000Z'));
    const now = clock.now();
    now.setTime(0);
    expect(clock.now()).toEqual(new Date('2026-11-22T10:00:00.000Z'));
    clock.advance(1500);
    expect(clock.now()).toEqual(new Date('2026-11-22T10:00:01.500Z'));
    const at = new Date('2027-01-01T00:00:00.000Z');
    clock.set(at);
    at.setTime(0);
    expect(clock.now()).toEqual(new Date('2027-01-01T00:00:00.000Z'));
    const unset = new FixedClock().now().getTime();
    expect(Math.abs(unset - Date.now())).toBeLessThan(5000);
  });
});
