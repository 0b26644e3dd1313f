const DAY_MS = 24 * 60 * 60 * 1000;

/** When a request issued `now` expires: `ttlDays` later, or never when no default expiry is configured. */
export function defaultExpiry(now: Date, ttlDays: number | undefined): Date | null {
  return ttlDays === undefined ? null : new Date(now.getTime() + ttlDays * DAY_MS);
}
