import { decodeTime, monotonicFactory } from 'ulid';

/** Crockford base32 ULID; the first character is at most 7 (48-bit time). Either case is accepted. */
const ULID_PATTERN = /^[0-7][0-9a-hjkmnp-tv-z]{25}$/i;

/** Monotonic: ids made in the same millisecond by this process still sort in the order they were made. */
const nextUlid = monotonicFactory();

/** A new identifier: a ULID in lowercase, as the contract requires. */
export function newId(): string {
  return nextUlid().toLowerCase();
}

export function isUlid(value: unknown): value is string {
  return typeof value === 'string' && ULID_PATTERN.test(value);
}

/** Ids from paths and queries arrive in either case; we store and compare them lowercase. */
export function normaliseId(value: string): string {
  return value.toLowerCase();
}

/** When an id was made: a ULID's first 48 bits are its time in milliseconds. */
export function timeOfId(id: string): Date {
  return new Date(decodeTime(id));
}
