import { defaultExpiry } from './request-expiry';

describe('defaultExpiry', () => {
  it('is the configured number of days after issuing, or never without one', () => {
    const now = new Date('2026-11-22T10:00:00.000Z');
    expect(defaultExpiry(now, 30)).toEqual(new Date('2026-12-22T10:00:00.000Z'));
    expect(defaultExpiry(now, 1)).toEqual(new Date('2026-11-23T10:00:00.000Z'));
    expect(defaultExpiry(now, undefined)).toBeNull();
  });
});
