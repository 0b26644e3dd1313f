import fc from 'fast-check';
import { isoTimestamp, isoTimestampOrNull } from './iso-timestamp';

describe('isoTimestamp', () => {
  it('writes what toISOString writes, for any date it can represent', () => {
    fc.assert(
      fc.property(fc.date({ noInvalidDate: true }), (date) => {
        expect(isoTimestamp(date)).toBe(date.toISOString());
      }),
      { numRuns: 20_000 },
    );
  });

  it('is exact around the edges: leap days, centuries, the epoch, years 1 and 9999 and past them', () => {
    const moments = [
      '1970-01-01T00:00:00.000Z',
      '1969-12-31T23:59:59.999Z',
      '2000-02-29T12:00:00.001Z',
      '1900-03-01T00:00:00.000Z',
      '2100-02-28T23:59:59.999Z',
      '2024-12-31T23:59:59.999Z',
      '0001-01-01T00:00:00.000Z',
      '9999-12-31T23:59:59.999Z',
      '0000-06-15T00:00:00.000Z',
      '+010000-01-01T00:00:00.000Z',
      '-000001-01-01T00:00:00.000Z',
    ];
    for (const moment of moments) expect(isoTimestamp(new Date(moment))).toBe(moment);
    fc.assert(
      fc.property(fc.integer({ min: -62_200_000_000_000, max: 253_500_000_000_000 }), (time) => {
        expect(isoTimestamp(new Date(time))).toBe(new Date(time).toISOString());
      }),
      { numRuns: 20_000 },
    );
  });

  it('throws for an invalid date, as toISOString does, and gives null for none', () => {
    expect(() => isoTimestamp(new Date(Number.NaN))).toThrow(RangeError);
    expect(isoTimestampOrNull(null)).toBeNull();
    expect(isoTimestampOrNull(undefined)).toBeNull();
    expect(isoTimestampOrNull(new Date(0))).toBe('1970-01-01T00:00:00.000Z');
  });
});
