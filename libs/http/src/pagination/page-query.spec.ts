import { toInteger, wantsArchived } from './page-query';

describe('toInteger (query strings)', () => {
  it('reads whole numbers as the contract writes them, and caps the ones too large to count', () => {
    expect(toInteger({ value: '0' })).toBe(0);
    expect(toInteger({ value: '25' })).toBe(25);
    expect(toInteger({ value: '9007199254740991' })).toBe(Number.MAX_SAFE_INTEGER);
    expect(toInteger({ value: '9007199254740993' })).toBe(Number.MAX_SAFE_INTEGER);
    expect(toInteger({ value: '1'.repeat(400) })).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('leaves anything else as it is, for the integer rule to refuse', () => {
    for (const value of ['', '01', '-1', '+1', ' 1', '1 ', '1.0', '1e3', '0x1', 'a1', '1a']) {
      expect(toInteger({ value })).toBe(value);
    }
    expect(toInteger({ value: 7 })).toBe(7);
  });
});

describe('wantsArchived', () => {
  it('is true for true and 1 only', () => {
    expect(wantsArchived({ archived: 'true' })).toBe(true);
    expect(wantsArchived({ archived: '1' })).toBe(true);
    for (const archived of ['false', '0', undefined, 'TRUE']) expect(wantsArchived({ archived })).toBe(false);
  });
});
