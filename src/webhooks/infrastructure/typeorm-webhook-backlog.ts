import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { WebhookBacklog, WebhookBacklogReading } from '../application/webhook-meter';
import { TEST_EVENT_TYPE } from '../../events/domain/event-type';

/**
 * One query: the pending attempts (partial index `webhook_deliveries_pending`), the failing endpoints, and the first
 * event after each organization's fan-out cursor (on the feed's index).
 */
@Injectable()
export class TypeormWebhookBacklog extends WebhookBacklog {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async read(now: Date): Promise<WebhookBacklogReading> {
    const [row]: { pending: number; oldest: number | null; failing: number; event: number | null }[] =
      await this.dataSource.query(
        `SELECT (SELECT count(*) FROM webhook_deliveries WHERE status = 'pending')::int AS pending,
              (SELECT extract(epoch FROM ($1::timestamptz - min(due_at)))::float8
                 FROM webhook_deliveries WHERE status = 'pending' AND due_at <= $1) AS oldest,
              (SELECT count(*) FROM webhook_endpoints WHERE enabled AND failing_since IS NOT NULL)::int AS failing,
              (SELECT extract(epoch FROM ($1::timestamptz - min(e.created_at)))::float8
                 FROM webhook_fan_out f
                 CROSS JOIN LATERAL (
                   SELECT ev.created_at FROM events ev
                    WHERE ev.organization_id = f.organization_id AND ev.type <> '${TEST_EVENT_TYPE}'
                      AND (ev.transaction_id, ev.id::varchar) > (f.transaction_id, f.event_id)
                    ORDER BY ev.transaction_id, ev.id LIMIT 1) e) AS event`,
        [now],
      );
    return {
      pending: row.pending,
      oldestDueSeconds: Math.max(row.oldest ?? 0, 0),
      failingEndpoints: row.failing,
      oldestUndeliveredEventSeconds: Math.max(row.event ?? 0, 0),
    };
  }
}
