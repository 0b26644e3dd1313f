/** Which pending rows the queue may not hold. */
export interface RelayableQuery {
  /** Never relayed and written before this: their relay after commit was missed (queue down, process died). */
  unrelayedBefore: Date;
  /** Relayed, yet still pending past this: the queue probably lost them (a Redis without persistence restarted). */
  staleBefore: Date;
  limit: number;
}

/**
 * An outbox table as the relay sees it: rows committed with the change that calls for them, each the work of one
 * job (or of part of one), pending until handled. Each outbox says how its rows are found and marked.
 */
export abstract class OutboxRows<Row> {
  /** Pending rows the queue may not hold, oldest first. */
  abstract findRelayable(input: RelayableQuery): Promise<Row[]>;
  /** Notes when these were handed to the queue; rows being handled right now are skipped, never waited for. */
  abstract markRelayed(ids: readonly string[], now: Date): Promise<void>;
  /**
   * Only for rows written already marked relayed (their writer relays them right after its commit, which saves an
   * update per row): a relay that fails unmarks them, for the periodic relay. Rows written unrelayed are marked by
   * the relay once the queue has them.
   */
  markUnrelayed?(ids: readonly string[]): Promise<void>;
}
