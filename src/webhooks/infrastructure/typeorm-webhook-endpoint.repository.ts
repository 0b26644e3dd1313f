import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Page, PageRequest } from '@lib/http';
import { activePage, activeQuery } from './active-query';
import type { FeedEventType } from '../../events/domain/event-type';
import { WebhookEndpointRepository } from '../application/webhook-endpoint.repository';
import { WebhookEndpoint, WebhookEndpointProps } from '../domain/webhook-endpoint';

interface EndpointRow {
  id: string;
  organization_id: string;
  url: string;
  event_types: string[] | null;
  description: string | null;
  enabled: boolean;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
  failing_since: Date | null;
  created_at: Date;
  updated_at: Date;
}

const toDomain = (row: EndpointRow): WebhookEndpoint =>
  WebhookEndpoint.restore({
    id: row.id,
    organizationId: row.organization_id,
    url: row.url,
    eventTypes: row.event_types as FeedEventType[] | null,
    description: row.description,
    enabled: row.enabled,
    sealedSecret: row.secret,
    sealedPreviousSecret: row.previous_secret,
    previousSecretExpiresAt: row.previous_secret_expires_at,
    failingSince: row.failing_since,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });

/** $1 to $10 of both the insert and the update: the endpoint's key and everything an update may change. */
const settingsOf = (e: Readonly<WebhookEndpointProps>): unknown[] => [
  e.id,
  e.organizationId,
  e.url,
  e.eventTypes,
  e.description,
  e.enabled,
  e.sealedSecret,
  e.sealedPreviousSecret,
  e.previousSecretExpiresAt,
  e.failingSince,
];

@Injectable()
export class TypeormWebhookEndpointRepository extends WebhookEndpointRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {
    super();
  }

  async countForCreation(organizationId: string): Promise<number> {
    // A transaction-scoped lock on the organization's endpoint list; released at commit or rollback.
    await activeQuery(this.db, `SELECT pg_advisory_xact_lock(hashtextextended('webhook_endpoints:' || $1, 0))`, [
      organizationId,
    ]);
    const [row] = await activeQuery<{ n: number }>(
      this.db,
      `SELECT count(*)::int AS n FROM webhook_endpoints WHERE organization_id = $1`,
      [organizationId],
    );
    return row.n;
  }

  async add(endpoint: WebhookEndpoint): Promise<void> {
    const e = endpoint.toSnapshot();
    await activeQuery(
      this.db,
      `INSERT INTO webhook_endpoints (id, organization_id, url, event_types, description, enabled, secret,
         previous_secret, previous_secret_expires_at, failing_since, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [...settingsOf(e), e.createdAt, e.updatedAt],
    );
    // The organization's fan-out cursor (see WebhookDeliveries.fanOutCommittedEvents): created at this
    // transaction, or moved up to it when the organization had no other endpoint, so the new endpoint gets the
    // events written from now on, not the ones written while nothing listened.
    await activeQuery(
      this.db,
      `INSERT INTO webhook_fan_out (organization_id, transaction_id, event_id) VALUES ($1, pg_current_xact_id(), '')
       ON CONFLICT (organization_id) DO UPDATE
          SET transaction_id = greatest(webhook_fan_out.transaction_id, EXCLUDED.transaction_id), event_id = ''
        WHERE NOT EXISTS (SELECT 1 FROM webhook_endpoints w WHERE w.organization_id = $1 AND w.id <> $2)`,
      [e.organizationId, e.id],
    );
  }

  async save(endpoint: WebhookEndpoint): Promise<void> {
    const e = endpoint.toSnapshot();
    await activeQuery(
      this.db,
      `UPDATE webhook_endpoints SET url = $3, event_types = $4, description = $5, enabled = $6, secret = $7,
         previous_secret = $8, previous_secret_expires_at = $9, failing_since = $10, updated_at = $11
        WHERE id = $1 AND organization_id = $2`,
      [...settingsOf(e), e.updatedAt],
    );
  }

  async remove(organizationId: string, id: string): Promise<boolean> {
    const rows = await activeQuery<{ id: string }>(
      this.db,
      `DELETE FROM webhook_endpoints WHERE id = $1 AND organization_id = $2 RETURNING id`,
      [id, organizationId],
    );
    return activeRows(rows).length > 0;
  }

  async findInOrganization(organizationId: string, id: string): Promise<WebhookEndpoint | null> {
    const [row] = await activeQuery<EndpointRow>(
      this.db,
      `SELECT * FROM webhook_endpoints WHERE id = $1 AND organization_id = $2`,
      [id, organizationId],
    );
    return row ? toDomain(row) : null;
  }

  async findById(id: string): Promise<WebhookEndpoint | null> {
    const [row] = await activeQuery<EndpointRow>(this.db, `SELECT * FROM webhook_endpoints WHERE id = $1`, [id]);
    return row ? toDomain(row) : null;
  }

  page(organizationId: string, request: PageRequest): Promise<Page<WebhookEndpoint>> {
    return activePage(
      this.db,
      request,
      { from: 'webhook_endpoints WHERE organization_id = $1', orderBy: 'created_at, id', parameters: [organizationId] },
      toDomain,
    );
  }

  async recordSuccess(id: string): Promise<void> {
    // Most deliveries succeed on an endpoint that is not failing: no write, no lock, then.
    await activeQuery(
      this.db,
      `UPDATE webhook_endpoints SET failing_since = NULL WHERE id = $1 AND failing_since IS NOT NULL`,
      [id],
    );
  }

  async recordFailures(
    id: string,
    failures: { restartAt: Date | null; firstAt: Date; lastAt: Date },
    disableAfterMs: number,
  ): Promise<boolean> {
    const since = `CASE WHEN $2::timestamptz IS NOT NULL THEN $2::timestamptz ELSE coalesce(failing_since, $3::timestamptz) END`;
    const due = `$4::timestamptz - make_interval(secs => $5::double precision / 1000)`;
    const rows = await activeQuery<{ disabled: boolean }>(
      this.db,
      `UPDATE webhook_endpoints
          SET failing_since = ${since},
              enabled = enabled AND ${since} > ${due},
              updated_at = CASE WHEN enabled AND ${since} <= ${due} THEN $4 ELSE updated_at END
        WHERE id = $1
        RETURNING (updated_at = $4 AND NOT enabled) AS disabled`,
      [id, failures.restartAt, failures.firstAt, failures.lastAt, disableAfterMs],
    );
    return activeRows(rows).some((row) => row.disabled);
  }
}

/** `query` answers `[rows, count]` for UPDATE/DELETE … RETURNING with the pg driver; plain rows otherwise. */
function activeRows<T>(result: T[] | [T[], number]): T[] {
  return Array.isArray(result[0]) ? (result[0] as T[]) : (result as T[]);
}
