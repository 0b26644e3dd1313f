/** Events past the retention period, removed in batches with their webhook attempts. */
export abstract class ExpiredEvents {
  /**
   * Removes up to `limit` events recorded before `before`; answers how many. Of the feed's events only a prefix of
   * each organization's feed order goes (those before its first event still kept), so a client whose cursor is kept
   * misses nothing after it.
   */
  abstract remove(before: Date, limit: number): Promise<number>;
}
