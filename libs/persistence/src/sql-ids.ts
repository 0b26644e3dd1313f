import { randomBytes } from 'node:crypto';

const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';

/** `count` Crockford base32 characters of `value`, most significant first. */
function encode(value: bigint, count: number): string {
  let text = '';
  for (let i = count - 1; i >= 0; i--) text += CROCKFORD[Number((value >> BigInt(5 * i)) & 31n)];
  return text;
}

/**
 * Where a run of ULIDs for a set-based statement starts: the eighteen characters all of them share (the time of
 * `now` and a random high half) and a random 40-bit start of the low half, below 2^39 so that adding the ordinals
 * of any statement never carries into the high half. See `idAt`.
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

/**
 * The `ordinal`-th (1, 2, …) lowercase ULID of a run: the run's prefix, then its random low half plus the ordinal
 * (as the `ulid` package's monotonic factory does within one millisecond), so the ids of a run sort in ordinal
 * order and are as unique as ids made by `newId()`. A statement receives them as an array joined by ordinal.
 */
export function idAt(run: SqlIdRun, ordinal: number): string {
  // Below 2^40, so exact as a number: no BigInt per id (a group add makes 40,000).
  let low = Number(run.low) + ordinal;
  let text = '';
  for (let i = 0; i < 8; i++) {
    text = CROCKFORD[low % 32] + text;
    low = Math.floor(low / 32);
  }
  return run.prefix + text;
}
