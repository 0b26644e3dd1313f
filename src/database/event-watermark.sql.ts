/**
 * The event log's watermark: events of transactions below it are final, none can still appear among them. Read by
 * the feed (events module) and by the webhooks' fan-out, which both walk the log in (transaction_id, id) order.
 *
 * Transaction ids are handed out in increasing order at a transaction's first write, so a transaction that could
 * still write an event has either an id among the snapshot's in-progress ones (pg_snapshot_xip) or none yet, and
 * then will get one at or above the snapshot's xmax. Ids are cluster-wide: an in-progress transaction of a backend
 * connected to another database (pg_stat_activity) can never write here, so it does not hold the log back (a
 * long job in another database would otherwise stall it). One that is not known to be another database's (ours,
 * a prepared transaction, or one that ended since the snapshot) does, which only errs towards waiting.
 */
export const EVENT_WATERMARK = `(
  SELECT least(
    pg_snapshot_xmax(snap.s),
    (SELECT min(x) FROM pg_snapshot_xip(snap.s) AS x
      WHERE (x::text::bigint % 4294967296)::text::xid NOT IN (
        SELECT backend_xid FROM pg_stat_activity
         WHERE backend_xid IS NOT NULL AND datname IS DISTINCT FROM current_database())))
    FROM (SELECT pg_current_snapshot() AS s) AS snap)`;
