import { containsPattern } from './like-pattern';

describe('containsPattern', () => {
  it('matches anywhere', () => {
    expect(containsPattern('ann')).toBe('%ann%');
  });

  it('escapes the LIKE wildcards and the escape character itself', () => {
    expect(containsPattern('100%')).toBe('%100\\%%');
    expect(containsPattern('a_b')).toBe('%a\\_b%');
    expect(containsPattern('a\\b')).toBe('%a\\\\b%');
    expect(containsPattern('%_\\')).toBe('%\\%\\_\\\\%');
  });
});
