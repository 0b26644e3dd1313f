import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { WebhookBacklog, WebhookBacklogReading } from '../application/webhook-meter';

/** One query: the pending attempts (partial index `webhook_deliveries_pending`) and the failing endpoints. */
@Injectable()
export class TypeormWebhookBacklog extends WebhookBacklog {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async read(now: Date): Promise<WebhookBacklogReading> {
    const [row]: { pending: number; oldest: number | null; failing: number }[] = await this.dataSource.query(
      `SELECT (SELECT count(*) FROM webhook_deliveries WHERE status = 'pending')::int AS pending,
              (SELECT extract(epoch FROM ($1::timestamptz - min(due_at)))::float8
                 FROM webhook_deliveries WHERE status = 'pending' AND due_at <= $1) AS oldest,
              (SELECT count(*) FROM webhook_endpoints WHERE enabled AND failing_since IS NOT NULL)::int AS failing`,
      [now],
    );
    return { pending: row.pending, oldestDueSeconds: Math.max(row.oldest ?? 0, 0), failingEndpoints: row.failing };
  }
}
