import { randomBytes } from 'node:crypto';

const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';
const FORTY_BITS = 2n ** 40n;

/**
 * Where a run of ULIDs made inside PostgreSQL starts: the time part of `now` and a random 80-bit start, split in
 * two 40-bit halves (bigint parameters). See `sqlIdAt`.
 */
export interface SqlIdRun {
  timeMs: string;
  high: string;
  low: string;
}

export function sqlIdRun(now: Date): SqlIdRun {
  const random = randomBytes(10);
  return {
    timeMs: String(now.getTime()),
    high: String(BigInt(`0x${random.subarray(0, 5).toString('hex')}`)),
    // Room for 2^39 ids before the low half carries (it carries correctly anyway).
    low: String(BigInt(`0x${random.subarray(5, 10).toString('hex')}`) % (FORTY_BITS / 2n)),
  };
}

/**
 * A SQL expression for the `ordinal`-th (1, 2, …) lowercase ULID of a run: the run's time in the first ten
 * characters, then its random start plus the ordinal (as the `ulid` package's monotonic factory does within one
 * millisecond), so the ids of a statement sort in ordinal order and are as unique as ids made by `newId()`.
 * `run` holds the three bigint parameters' placeholders, e.g. `{ timeMs: '$5', high: '$6', low: '$7' }`.
 */
export function sqlIdAt(run: SqlIdRun, ordinal: string): string {
  const low = `(${run.low}::bigint + (${ordinal}))`;
  const high = `(${run.high}::bigint + ${low} / ${FORTY_BITS})`;
  const chars = (value: string, count: number, width: number) =>
    Array.from(
      { length: count },
      (_, i) => `substr('${CROCKFORD}', ((${value} >> ${width - 5 * (i + 1)}) & 31)::int + 1, 1)`,
    );
  return `(${[
    ...chars(`${run.timeMs}::bigint`, 10, 50),
    ...chars(`(${high} % ${FORTY_BITS})`, 8, 40),
    ...chars(`(${low} % ${FORTY_BITS})`, 8, 40),
  ].join(' || ')})`;
}
