import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { newId } from '@lib/core';
import { Page, PageRequest } from '@lib/http';
import { activeManager } from '../../database/typeorm-unit-of-work';
import { activePage, activeQuery } from './active-query';
import { EVENT_WATERMARK } from '../../database/event-watermark.sql';
import {
  AttemptOutcomeToRecord,
  AttemptToRun,
  FanOutBatch,
  WebhookDeliveries,
} from '../application/webhook-deliveries';
import type { DeliveryStatus, ScheduledAttempt, WebhookDelivery } from '../domain/webhook-delivery';
import { TEST_EVENT_TYPE } from '../../events/domain/event-type';

interface DeliveryRow {
  id: string;
  organization_id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  attempt: number;
  status: DeliveryStatus;
  response_status: number | null;
  error: string | null;
  duration_ms: number | null;
  created_at: Date;
  due_at: Date;
  next_attempt_at: Date | null;
}

const toDomain = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  organizationId: row.organization_id,
  endpointId: row.endpoint_id,
  eventId: row.event_id,
  eventType: row.event_type,
  attempt: row.attempt,
  status: row.status,
  responseStatus: row.response_status,
  error: row.error,
  durationMs: row.duration_ms,
  createdAt: row.created_at,
  dueAt: row.due_at,
  nextAttemptAt: row.next_attempt_at,
});

const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';

/**
 * A ULID made in SQL, lowercase like newId(): the time part from `timestamp`, the 80 random bits from the row's
 * `h` (the hex digits of a gen_random_uuid(), cryptographically random), so a set of attempts is written by one
 * INSERT ... SELECT.
 */
function sqlUlid(timestamp: string): string {
  const char = (value: string, shift: number) => `substr('${CROCKFORD}', ((${value} >> ${shift}) & 31)::int + 1, 1)`;
  const ms = `floor(extract(epoch FROM ${timestamp}) * 1000)::bigint`;
  const random = (from: number) => `('x' || lpad(substr(h, ${from}, 10), 16, '0'))::bit(64)::bigint`;
  return `(${[
    ...Array.from({ length: 10 }, (_, i) => char(ms, 45 - 5 * i)),
    ...Array.from({ length: 8 }, (_, i) => char(random(1), 35 - 5 * i)),
    ...Array.from({ length: 8 }, (_, i) => char(random(11), 35 - 5 * i)),
  ].join(' || ')})`;
}

/** A result recorded waits at most this long for another run of the same attempt; then the job retries. */
const LOCK_TIMEOUT = '30s';
/** Error texts are ours or the network's; a bound keeps a hostile one from bloating the log. */
const ERROR_MAX_LENGTH = 500;

@Injectable()
export class TypeormWebhookDeliveries extends WebhookDeliveries {
  constructor(@InjectDataSource() private readonly db: DataSource) {
    super();
  }

  async scheduleFirstAttempts(
    items: readonly { organizationId: string; endpointId: string; eventId: string; eventType: string }[],
    now: Date,
  ): Promise<ScheduledAttempt[]> {
    if (items.length === 0) return [];
    const ids = items.map(() => newId());
    // An attempt already written (an event fanned out by an older process too) is not written twice.
    const inserted = await activeQuery<{ id: string; endpoint_id: string }>(
      this.db,
      `INSERT INTO webhook_deliveries
         (id, organization_id, endpoint_id, event_id, event_type, attempt, status, created_at, due_at, updated_at,
          relayed_at)
       SELECT d.id, d.organization_id, d.endpoint_id, d.event_id, d.event_type, 1, 'pending', $6, $6, $6, $6
         FROM unnest($1::varchar[], $2::varchar[], $3::varchar[], $4::varchar[], $5::varchar[])
           AS d (id, organization_id, endpoint_id, event_id, event_type)
       ON CONFLICT (endpoint_id, event_id, attempt) DO NOTHING
       RETURNING id, endpoint_id`,
      [
        ids,
        items.map((i) => i.organizationId),
        items.map((i) => i.endpointId),
        items.map((i) => i.eventId),
        items.map((i) => i.eventType),
        now,
      ],
    );
    return inserted.map((row) => ({ deliveryId: row.id, endpointId: row.endpoint_id, dueAt: now }));
  }

  async fanOutCommittedEvents(limit: number, now: Date): Promise<FanOutBatch> {
    // Every cursor, locked in one order: a concurrent pass waits here, then reads the cursors this one moved.
    const cursors = await activeQuery<{ organization_id: string }>(
      this.db,
      `SELECT organization_id FROM webhook_fan_out ORDER BY organization_id FOR UPDATE`,
      [],
    );
    if (cursors.length === 0) return { events: 0, more: false, scheduled: [] };
    // A new statement, so a new snapshot: it sees what the pass before this one committed. One statement takes the
    // events, moves the cursors and writes the attempts (ids made here: nothing goes to Node and back but the ids).
    const rows = await activeQuery<{ id: string | null; endpoint_id: string | null; events: number; most: number }>(
      this.db,
      `WITH watermark AS MATERIALIZED (SELECT ${EVENT_WATERMARK} AS x),
       taken AS MATERIALIZED (
         SELECT e.id, e.organization_id, e.type, e.transaction_id
           FROM webhook_fan_out f
           CROSS JOIN LATERAL (
             SELECT ev.id, ev.organization_id, ev.type, ev.transaction_id FROM events ev
              WHERE ev.organization_id = f.organization_id AND ev.type <> '${TEST_EVENT_TYPE}'
                AND (ev.transaction_id, ev.id::varchar) > (f.transaction_id, f.event_id)
                AND ev.transaction_id < (SELECT x FROM watermark)
              ORDER BY ev.transaction_id, ev.id
              LIMIT $1) e),
       moved AS (
         UPDATE webhook_fan_out f SET transaction_id = l.transaction_id, event_id = l.id
           FROM (SELECT DISTINCT ON (organization_id) organization_id, transaction_id, id FROM taken
                  ORDER BY organization_id, transaction_id DESC, id DESC) AS l
          WHERE f.organization_id = l.organization_id),
       pairs AS MATERIALIZED (
         SELECT t.organization_id, w.id AS endpoint_id, t.id AS event_id, t.type,
                translate(gen_random_uuid()::text, '-', '') AS h
           FROM taken t
           JOIN webhook_endpoints w
             ON w.organization_id = t.organization_id AND w.enabled
            AND (w.event_types IS NULL OR t.type = ANY(w.event_types))),
       inserted AS (
         INSERT INTO webhook_deliveries (id, organization_id, endpoint_id, event_id, event_type, attempt, status,
                                         created_at, due_at, updated_at, relayed_at)
         SELECT ${sqlUlid('$2::timestamptz')}, organization_id, endpoint_id, event_id, type, 1, 'pending', $2, $2, $2, $2
           FROM pairs
         ON CONFLICT (endpoint_id, event_id, attempt) DO NOTHING
         RETURNING id, endpoint_id),
       counted AS (
         SELECT coalesce(sum(n), 0)::int AS events, coalesce(max(n), 0)::int AS most
           FROM (SELECT organization_id, count(*) AS n FROM taken GROUP BY organization_id) AS c)
       SELECT i.id, i.endpoint_id, counted.events, counted.most FROM counted LEFT JOIN inserted i ON true`,
      [limit, now],
    );
    const [{ events, most }] = rows;
    return {
      events: Number(events),
      more: Number(most) >= limit,
      scheduled: rows
        .filter((row) => row.id !== null)
        .map((row) => ({ deliveryId: row.id!, endpointId: row.endpoint_id!, dueAt: now })),
    };
  }

  async findPendingAttempts(deliveryIds: readonly string[]): Promise<AttemptToRun[]> {
    if (deliveryIds.length === 0) return [];
    const rows = await activeQuery<DeliveryRow & { body: string }>(
      this.db,
      `SELECT d.*, e.body FROM webhook_deliveries d JOIN events e ON e.id = d.event_id
        WHERE d.id = ANY($1::varchar[]) AND d.status = 'pending'
        ORDER BY d.id`,
      [[...deliveryIds]],
    );
    return rows.map((row) => ({ delivery: toDomain(row), body: row.body }));
  }

  async recordOutcomes(
    outcomes: readonly AttemptOutcomeToRecord[],
  ): Promise<{ recorded: Set<string>; next: ScheduledAttempt[] }> {
    if (outcomes.length === 0) return { recorded: new Set(), next: [] };
    const manager = activeManager(this.db);
    await manager.query(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`);
    // In id order, so two runs recording overlapping attempts lock them in the same order.
    const sorted = [...outcomes].sort((a, b) => (a.delivery.id < b.delivery.id ? -1 : 1));
    const result: [{ id: string }[], number] | { id: string }[] = await manager.query(
      `UPDATE webhook_deliveries d
          SET status = o.status, response_status = o.response_status, error = o.error, duration_ms = o.duration_ms,
              next_attempt_at = o.next_attempt_at, updated_at = o.at
         FROM unnest($1::varchar[], $2::varchar[], $3::int[], $4::text[], $5::int[], $6::timestamptz[], $7::timestamptz[])
           AS o (id, status, response_status, error, duration_ms, next_attempt_at, at)
        WHERE d.id = o.id AND d.status = 'pending'
        RETURNING d.id`,
      [
        sorted.map((o) => o.delivery.id),
        sorted.map((o) => (o.result.succeeded ? 'succeeded' : 'failed')),
        sorted.map((o) => o.result.responseStatus),
        sorted.map((o) => (o.result.error === null ? null : o.result.error.slice(0, ERROR_MAX_LENGTH))),
        sorted.map((o) => o.result.durationMs),
        sorted.map((o) => (o.result.succeeded || o.nextAttemptAt === null ? null : o.nextAttemptAt.toISOString())),
        sorted.map((o) => o.at.toISOString()),
      ],
    );
    const updated = Array.isArray(result[0]) ? (result[0] as { id: string }[]) : (result as { id: string }[]);
    const recorded = new Set(updated.map((row) => row.id));
    const retries = sorted.filter((o) => recorded.has(o.delivery.id) && !o.result.succeeded && o.nextAttemptAt);
    if (retries.length === 0) return { recorded, next: [] };
    const ids = retries.map(() => newId());
    const inserted = await manager.query<{ id: string; endpoint_id: string; due_at: Date }[]>(
      `INSERT INTO webhook_deliveries
         (id, organization_id, endpoint_id, event_id, event_type, attempt, status, created_at, due_at, updated_at,
          relayed_at)
       SELECT n.id, n.organization_id, n.endpoint_id, n.event_id, n.event_type, n.attempt, 'pending', n.at, n.due_at, n.at,
              n.at
         FROM unnest($1::varchar[], $2::varchar[], $3::varchar[], $4::varchar[], $5::varchar[], $6::int[],
                     $7::timestamptz[], $8::timestamptz[])
           AS n (id, organization_id, endpoint_id, event_id, event_type, attempt, at, due_at)
       ON CONFLICT (endpoint_id, event_id, attempt) DO NOTHING
       RETURNING id, endpoint_id, due_at`,
      [
        ids,
        retries.map((o) => o.delivery.organizationId),
        retries.map((o) => o.delivery.endpointId),
        retries.map((o) => o.delivery.eventId),
        retries.map((o) => o.delivery.eventType),
        retries.map((o) => o.delivery.attempt + 1),
        retries.map((o) => o.at.toISOString()),
        retries.map((o) => o.nextAttemptAt!.toISOString()),
      ],
    );
    return {
      recorded,
      next: inserted.map((row) => ({ deliveryId: row.id, endpointId: row.endpoint_id, dueAt: row.due_at })),
    };
  }

  async scheduleAnotherAttempt(endpointId: string, deliveryId: string, now: Date): Promise<WebhookDelivery | null> {
    // Two redeliveries of one event at once may pick the same number: the loser takes the next one.
    for (let tries = 0; tries < 5; tries++) {
      const source = await activeQuery<{ id: string }>(
        this.db,
        `SELECT id FROM webhook_deliveries WHERE id = $1 AND endpoint_id = $2`,
        [deliveryId, endpointId],
      );
      if (source.length === 0) return null;
      const rows = await activeQuery<DeliveryRow>(
        this.db,
        `INSERT INTO webhook_deliveries
           (id, organization_id, endpoint_id, event_id, event_type, attempt, status, created_at, due_at, updated_at,
            relayed_at)
         SELECT $3, d.organization_id, d.endpoint_id, d.event_id, d.event_type,
                (SELECT max(o.attempt) FROM webhook_deliveries o
                  WHERE o.endpoint_id = d.endpoint_id AND o.event_id = d.event_id) + 1,
                'pending', $4, $4, $4, $4
           FROM webhook_deliveries d WHERE d.id = $1 AND d.endpoint_id = $2
         ON CONFLICT (endpoint_id, event_id, attempt) DO NOTHING
         RETURNING *`,
        [deliveryId, endpointId, newId(), now],
      );
      if (rows.length === 1) return toDomain(rows[0]);
    }
    throw new Error(`Could not number another attempt of delivery ${deliveryId}.`);
  }

  pageForEndpoint(endpointId: string, request: PageRequest): Promise<Page<WebhookDelivery>> {
    return activePage(
      this.db,
      request,
      {
        from: 'webhook_deliveries WHERE endpoint_id = $1',
        orderBy: 'created_at DESC, id DESC',
        parameters: [endpointId],
      },
      toDomain,
    );
  }

  async findRelayable(input: { unrelayedBefore: Date; staleBefore: Date; limit: number }): Promise<ScheduledAttempt[]> {
    const rows = await activeQuery<{ id: string; endpoint_id: string; due_at: Date }>(
      this.db,
      `SELECT id, endpoint_id, due_at FROM webhook_deliveries
        WHERE status = 'pending'
          AND ((relayed_at IS NULL AND created_at < $1) OR greatest(relayed_at, due_at) < $2)
        ORDER BY created_at
        LIMIT $3`,
      [input.unrelayedBefore, input.staleBefore, input.limit],
    );
    return rows.map((row) => ({ deliveryId: row.id, endpointId: row.endpoint_id, dueAt: row.due_at }));
  }

  async markRelayed(deliveryIds: readonly string[], now: Date): Promise<void> {
    if (deliveryIds.length === 0) return;
    await activeQuery(
      this.db,
      `UPDATE webhook_deliveries SET relayed_at = $2
        WHERE id IN (SELECT id FROM webhook_deliveries WHERE id = ANY($1) AND status = 'pending' FOR UPDATE SKIP LOCKED)`,
      [[...deliveryIds], now],
    );
  }

  async markUnrelayed(deliveryIds: readonly string[]): Promise<void> {
    if (deliveryIds.length === 0) return;
    await activeQuery(
      this.db,
      `UPDATE webhook_deliveries SET relayed_at = NULL WHERE id = ANY($1) AND status = 'pending'`,
      [[...deliveryIds]],
    );
  }
}
