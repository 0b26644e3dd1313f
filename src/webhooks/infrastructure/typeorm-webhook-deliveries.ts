import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { newId } from '@lib/core';
import { Page, PageRequest } from '@lib/http';
import { fetchPage } from '@lib/persistence';
import { activeManager } from '../../database/typeorm-unit-of-work';
import { AttemptToRun, WebhookDeliveries } from '../application/webhook-deliveries';
import type { AttemptResult, DeliveryStatus, ScheduledAttempt, WebhookDelivery } from '../domain/webhook-delivery';

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

/** A result recorded waits at most this long for another run of the same attempt; then the job retries. */
const LOCK_TIMEOUT = '30s';
/** Error texts are ours or the network's; a bound keeps a hostile one from bloating the log. */
const ERROR_MAX_LENGTH = 500;

@Injectable()
export class TypeormWebhookDeliveries extends WebhookDeliveries {
  constructor(@InjectDataSource() private readonly db: DataSource) {
    super();
  }

  private query<T>(sql: string, parameters: unknown[]): Promise<T[]> {
    return activeManager(this.db).query(sql, parameters);
  }

  async scheduleFirstAttempts(
    items: readonly { organizationId: string; endpointId: string; eventId: string; eventType: string }[],
    now: Date,
  ): Promise<ScheduledAttempt[]> {
    if (items.length === 0) return [];
    const ids = items.map(() => newId());
    await this.query(
      `INSERT INTO webhook_deliveries
         (id, organization_id, endpoint_id, event_id, event_type, attempt, status, created_at, due_at, updated_at)
       SELECT d.id, d.organization_id, d.endpoint_id, d.event_id, d.event_type, 1, 'pending', $6, $6, $6
         FROM unnest($1::varchar[], $2::varchar[], $3::varchar[], $4::varchar[], $5::varchar[])
           AS d (id, organization_id, endpoint_id, event_id, event_type)`,
      [
        ids,
        items.map((i) => i.organizationId),
        items.map((i) => i.endpointId),
        items.map((i) => i.eventId),
        items.map((i) => i.eventType),
        now,
      ],
    );
    return items.map((item, index) => ({ deliveryId: ids[index], endpointId: item.endpointId, dueAt: now }));
  }

  async scheduleForMatchingEndpoints(
    events: readonly { id: string; organizationId: string; type: string }[],
    now: Date,
  ): Promise<ScheduledAttempt[]> {
    if (events.length === 0) return [];
    const pairs = await this.query<{ endpoint_id: string; event: number }>(
      `SELECT w.id AS endpoint_id, e.n::int AS event
         FROM unnest($1::varchar[], $2::varchar[]) WITH ORDINALITY AS e (organization_id, type, n)
         JOIN webhook_endpoints w
           ON w.organization_id = e.organization_id AND w.enabled
          AND (w.event_types IS NULL OR e.type = ANY(w.event_types))
        ORDER BY e.n, w.id`,
      [events.map((e) => e.organizationId), events.map((e) => e.type)],
    );
    return this.scheduleFirstAttempts(
      pairs.map(({ endpoint_id, event }) => {
        const e = events[event - 1];
        return { organizationId: e.organizationId, endpointId: endpoint_id, eventId: e.id, eventType: e.type };
      }),
      now,
    );
  }

  async findPendingAttempt(deliveryId: string): Promise<AttemptToRun | null> {
    const [row] = await this.query<DeliveryRow & { body: string }>(
      `SELECT d.*, e.body FROM webhook_deliveries d JOIN events e ON e.id = d.event_id
        WHERE d.id = $1 AND d.status = 'pending'`,
      [deliveryId],
    );
    return row ? { delivery: toDomain(row), body: row.body } : null;
  }

  async recordResult(
    delivery: WebhookDelivery,
    result: AttemptResult,
    now: Date,
    nextAttemptAt: Date | null,
  ): Promise<{ recorded: boolean; next: ScheduledAttempt | null }> {
    const manager = activeManager(this.db);
    await manager.query(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`);
    const [updated]: [unknown[], number] = await manager.query(
      `UPDATE webhook_deliveries
          SET status = $2, response_status = $3, error = $4, duration_ms = $5, next_attempt_at = $6, updated_at = $7
        WHERE id = $1 AND status = 'pending'
        RETURNING id`,
      [
        delivery.id,
        result.succeeded ? 'succeeded' : 'failed',
        result.responseStatus,
        result.error === null ? null : result.error.slice(0, ERROR_MAX_LENGTH),
        result.durationMs,
        result.succeeded ? null : nextAttemptAt,
        now,
      ],
    );
    if (updated.length === 0) return { recorded: false, next: null };
    if (result.succeeded || nextAttemptAt === null) return { recorded: true, next: null };
    const id = newId();
    await manager.query(
      `INSERT INTO webhook_deliveries
         (id, organization_id, endpoint_id, event_id, event_type, attempt, status, created_at, due_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $8, $7)
       ON CONFLICT (endpoint_id, event_id, attempt) DO NOTHING`,
      [
        id,
        delivery.organizationId,
        delivery.endpointId,
        delivery.eventId,
        delivery.eventType,
        delivery.attempt + 1,
        now,
        nextAttemptAt,
      ],
    );
    return { recorded: true, next: { deliveryId: id, endpointId: delivery.endpointId, dueAt: nextAttemptAt } };
  }

  pageForEndpoint(endpointId: string, request: PageRequest): Promise<Page<WebhookDelivery>> {
    return fetchPage(
      request,
      async () =>
        (
          await this.query<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1`, [
            endpointId,
          ])
        )[0].n,
      async (offset, limit) =>
        (
          await this.query<DeliveryRow>(
            `SELECT * FROM webhook_deliveries WHERE endpoint_id = $1
              ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT $3`,
            [endpointId, offset, limit],
          )
        ).map(toDomain),
    );
  }

  async findRelayable(input: { unrelayedBefore: Date; staleBefore: Date; limit: number }): Promise<ScheduledAttempt[]> {
    const rows = await this.query<{ id: string; endpoint_id: string; due_at: Date }>(
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
    await this.query(
      `UPDATE webhook_deliveries SET relayed_at = $2
        WHERE id IN (SELECT id FROM webhook_deliveries WHERE id = ANY($1) AND status = 'pending' FOR UPDATE SKIP LOCKED)`,
      [[...deliveryIds], now],
    );
  }
}
