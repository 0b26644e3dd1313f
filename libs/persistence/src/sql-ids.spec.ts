import { idAt, sqlIdRun } from './sql-ids';

describe('ids of a run', () => {
  it('start with the time of now in ULID form, then a random high half', () => {
    const now = new Date('2026-11-23T13:35:00.123Z');
    const run = sqlIdRun(now);
    expect(run.prefix).toMatch(/^[0-7][0-9a-hjkmnp-tv-z]{17}$/);
    // A ULID's first ten characters are its milliseconds in Crockford base32.
    const decoded = [...run.prefix.slice(0, 10)].reduce(
      (value, char) => value * 32 + '0123456789abcdefghjkmnpqrstvwxyz'.indexOf(char),
      0,
    );
    expect(decoded).toBe(now.getTime());
    expect(BigInt(run.low) < 2n ** 39n).toBe(true);
    expect(sqlIdRun(now).prefix).not.toBe(run.prefix);
  });

  it('sort in ordinal order and are distinct', () => {
    const run = sqlIdRun(new Date('2026-11-23T13:35:00.123Z'));
    const ids = [1, 2, 31, 32, 1000, 2 ** 20].map((ordinal) => idAt(run, ordinal));
    expect(ids.every((id) => id.startsWith(run.prefix) && id.length === 26)).toBe(true);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('end with the low half plus the ordinal in eight Crockford base32 characters', () => {
    const run = { prefix: '01m8by0g2ggmnf69j7', low: String(2n ** 39n - 2n) };
    expect(idAt(run, 1)).toBe('01m8by0g2ggmnf69j7fzzzzzzz');
    expect(idAt(run, 2)).toBe('01m8by0g2ggmnf69j7g0000000');
    expect(idAt({ ...run, low: '0' }, 33)).toBe('01m8by0g2ggmnf69j700000011');
  });
});
