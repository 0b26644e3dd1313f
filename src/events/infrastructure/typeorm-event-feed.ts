import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { EVENT_WATERMARK as WATERMARK } from '../../database/event-watermark.sql';
import { activeManager } from '../../database/typeorm-unit-of-work';
import { EventFeed, FeedPosition, StoredEvent } from '../application/event-feed';
import type { EventType } from '../domain/event-type';

/**
 * The feed's order is (transaction_id, id): the id of the transaction that wrote the event, then the event id.
 * Only events below the watermark (`src/database/event-watermark.sql.ts`) are shown: they are a prefix of that
 * order into which nothing can be inserted later, so a client reading after its last event sees each event exactly
 * once, whatever order the transactions commit in.
 */
@Injectable()
export class TypeormEventFeed extends EventFeed {
  constructor(@InjectDataSource() private readonly db: DataSource) {
    super();
  }

  async positionOf(organizationId: string, eventId: string): Promise<FeedPosition | null> {
    const [row] = (await activeManager(this.db).query(
      `SELECT transaction_id::text AS transaction_id, id FROM events
        WHERE id = $1 AND organization_id = $2 AND attestation_request_id IS NOT NULL`,
      [eventId, organizationId],
    )) as { transaction_id: string; id: string }[];
    return row ? { transactionId: row.transaction_id, id: row.id } : null;
  }

  async page(input: {
    organizationId: string;
    after: FeedPosition | null;
    types: readonly EventType[] | null;
    limit: number;
  }): Promise<StoredEvent[]> {
    return activeManager(this.db).query(
      `SELECT id, body FROM events
        WHERE organization_id = $1 AND attestation_request_id IS NOT NULL
          AND transaction_id < ${WATERMARK}
          AND ($2::xid8 IS NULL OR (transaction_id, id) > ($2::xid8, $3::varchar))
          AND ($4::varchar[] IS NULL OR type = ANY($4::varchar[]))
        ORDER BY transaction_id, id
        LIMIT $5`,
      [
        input.organizationId,
        input.after?.transactionId ?? null,
        input.after?.id ?? null,
        input.types === null ? null : [...input.types],
        input.limit,
      ],
    );
  }

  async forRequest(organizationId: string, attestationRequestId: string): Promise<StoredEvent[] | null> {
    const manager = activeManager(this.db);
    const [request] = (await manager.query(
      `SELECT 1 FROM attestation_requests WHERE id = $1 AND organization_id = $2`,
      [attestationRequestId, organizationId],
    )) as unknown[];
    if (!request) return null;
    return manager.query(
      `SELECT id, body FROM events WHERE attestation_request_id = $1 AND organization_id = $2
        ORDER BY transaction_id, id`,
      [attestationRequestId, organizationId],
    );
  }
}
