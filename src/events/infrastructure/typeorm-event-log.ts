import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { activeManager } from '../../database/typeorm-unit-of-work';
import { EventLog } from '../application/event-log';
import type { RecordedEvent } from '../domain/event';

@Injectable()
export class TypeormEventLog extends EventLog {
  constructor(@InjectDataSource() private readonly db: DataSource) {
    super();
  }

  /** One statement for any number of events; `transaction_id` defaults to the writing transaction's id. */
  async append(events: readonly RecordedEvent[]): Promise<void> {
    if (events.length === 0) return;
    await activeManager(this.db).query(
      `INSERT INTO events (id, organization_id, attestation_request_id, type, body, created_at)
       SELECT * FROM unnest($1::varchar[], $2::varchar[], $3::varchar[], $4::varchar[], $5::text[], $6::timestamptz[])`,
      [
        events.map((e) => e.id),
        events.map((e) => e.organizationId),
        events.map((e) => e.attestationRequestId),
        events.map((e) => e.type),
        events.map((e) => e.body),
        events.map((e) => e.timestamp.toISOString()),
      ],
    );
  }
}
