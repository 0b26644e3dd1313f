import fc from 'fast-check';
import { toE164 } from './phone-number';

describe('toE164', () => {
  it.each([
    ['+14155552671', '+14155552671'],
    ['+1 (415) 555-2671', '+14155552671'],
    ['  +44 20 7946 0958 ', '+442079460958'],
    ['+33 1 42 68 53 00', '+33142685300'],
  ])('keeps %j as %s', (input, expected) => {
    expect(toE164(input)).toBe(expected);
  });

  it.each([
    ['no leading +', '14155552671'],
    ['a national number', '(415) 555-2671'],
    ['an invalid number for its country', '+1 123 456 7890'],
    ['an unknown country code', '+999 123 456 789'],
    ['letters', '+1 415 CALL NOW'],
    ['nothing but +', '+'],
    ['an empty string', ''],
    ['33 characters', `+1 415 555 2671${' '.repeat(17)}0`],
  ])('refuses %s', (_, input) => {
    expect(toE164(input)).toBeNull();
  });

  it('takes 32 characters and refuses 33', () => {
    expect(toE164(`+1${' '.repeat(18)}415 555 2671`)).toBe('+14155552671');
    expect(toE164(`+1${' '.repeat(19)}415 555 2671`)).toBeNull();
  });

  it('never throws, whatever it is given', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        const e164 = toE164(`+${text}`);
        return e164 === null || /^\+[1-9]\d{6,14}$/.test(e164);
      }),
    );
  });
});
