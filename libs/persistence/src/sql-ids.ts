import { randomBytes } from 'node:crypto';

const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';

/** `count` Crockford base32 characters of `value`, most significant first. */
function encode(value: bigint, count: number): string {
  let text = '';
  for (let i = count - 1; i >= 0; i--) text += CROCKFORD[Number((value >> BigInt(5 * i)) & 31n)];
  return text;
}

/**
 * Where a run of ULIDs made inside PostgreSQL starts: the eighteen characters all of them share (the time of `now`
 * and a random high half) and a random 40-bit start of the low half, below 2^39 so that adding the ordinals of
 * any statement never carries into the high half. See `sqlIdAt`.
 */
export interface SqlIdRun {
  prefix: string;
  low: string;
}

export function sqlIdRun(now: Date): SqlIdRun {
  const random = randomBytes(10);
  const high = BigInt(`0x${random.subarray(0, 5).toString('hex')}`);
  const low = BigInt(`0x${random.subarray(5, 10).toString('hex')}`) >> 1n;
  return { prefix: encode(BigInt(now.getTime()), 10) + encode(high, 8), low: String(low) };
}

/** The `ordinal`-th id of a run, as `sqlIdAt` makes it in SQL. */
export function idAt(run: SqlIdRun, ordinal: number): string {
  return run.prefix + encode(BigInt(run.low) + BigInt(ordinal), 8);
}

/**
 * A SQL expression for the `ordinal`-th (1, 2, …) lowercase ULID of a run: the run's prefix, then its random low
 * half plus the ordinal (as the `ulid` package's monotonic factory does within one millisecond), so the ids of a
 * statement sort in ordinal order and are as unique as ids made by `newId()`. `run` holds the placeholders of the
 * run's two parameters, e.g. `{ prefix: '$5', low: '$6' }` (text and bigint).
 */
export function sqlIdAt(run: SqlIdRun, ordinal: string): string {
  const low = `(${run.low}::bigint + (${ordinal}))`;
  const chars = Array.from(
    { length: 8 },
    (_, i) => `substr('${CROCKFORD}', ((${low} >> ${35 - 5 * i}) & 31)::int + 1, 1)`,
  );
  return `(${run.prefix}::text || ${chars.join(' || ')})`;
}
