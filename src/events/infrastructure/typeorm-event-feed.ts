import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { EVENT_WATERMARK as WATERMARK } from '../../database/event-watermark.sql';
import { readRows } from '../../database/typeorm-unit-of-work';
import { EventFeed, FeedPosition, StoredEvent } from '../application/event-feed';
import type { EventType } from '../domain/event-type';
import { inFeed } from './in-feed.sql';

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
    const [row] = await readRows<{ transaction_id: string; id: string }>(
      this.db,
      `SELECT transaction_id::text AS transaction_id, id FROM events ` +
        `WHERE id = $1 AND organization_id = $2 AND ${inFeed('events')}`,
      [eventId, organizationId],
    );
    return row ? { transactionId: row.transaction_id, id: row.id } : null;
  }

  /**
   * One statement text per shape of the input (after a position or not, some types or all), each a named
   * statement (`readRows`): PostgreSQL parses it and plans the watermark once per connection, and every plan it
   * keeps has only the conditions that apply, so a position is an index condition, never a filter beside one.
   */
  async page(input: {
    organizationId: string;
    after: FeedPosition | null;
    types: readonly EventType[] | null;
    limit: number;
  }): Promise<StoredEvent[]> {
    const values: unknown[] = [input.organizationId];
    let conditions = `organization_id = $1 AND ${inFeed('events')} AND transaction_id < ${WATERMARK}`;
    if (input.after !== null) {
      values.push(input.after.transactionId, input.after.id);
      conditions += ` AND (transaction_id, id) > ($${values.length - 1}::xid8, $${values.length}::varchar)`;
    }
    if (input.types !== null) {
      values.push([...input.types]);
      conditions += ` AND type = ANY($${values.length}::varchar[])`;
    }
    values.push(input.limit);
    return readRows<StoredEvent>(
      this.db,
      `SELECT id, body FROM events WHERE ${conditions} ORDER BY transaction_id, id LIMIT $${values.length}`,
      values,
    );
  }

  async forRequest(organizationId: string, attestationRequestId: string): Promise<StoredEvent[] | null> {
    const [request] = await readRows(
      this.db,
      `SELECT 1 FROM attestation_requests WHERE id = $1 AND organization_id = $2`,
      [attestationRequestId, organizationId],
    );
    if (!request) return null;
    return readRows<StoredEvent>(
      this.db,
      `SELECT id, body FROM events WHERE attestation_request_id = $1 AND organization_id = $2 ` +
        `ORDER BY transaction_id, id`,
      [attestationRequestId, organizationId],
    );
  }
}
