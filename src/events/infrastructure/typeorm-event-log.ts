import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { UnnestColumn, unnestRows } from '@lib/persistence';
import { activeManager } from '../../database/typeorm-unit-of-work';
import { EventLog } from '../application/event-log';
import type { RecordedEvent } from '../domain/event';

const COLUMNS: UnnestColumn<RecordedEvent>[] = [
  ['id', 'varchar', (e) => e.id],
  ['organization_id', 'varchar', (e) => e.organizationId],
  ['attestation_request_id', 'varchar', (e) => e.attestationRequestId],
  ['type', 'varchar', (e) => e.type],
  ['body', 'text', (e) => e.body],
  ['created_at', 'timestamptz', (e) => e.timestamp],
];

@Injectable()
export class TypeormEventLog extends EventLog {
  constructor(@InjectDataSource() private readonly db: DataSource) {
    super();
  }

  /** One statement for any number of events; `transaction_id` defaults to the writing transaction's id. */
  async append(events: readonly RecordedEvent[]): Promise<void> {
    if (events.length === 0) return;
    const { columns, unnest, parameters } = unnestRows(COLUMNS, events);
    await activeManager(this.db).query(`INSERT INTO events (${columns}) SELECT * FROM ${unnest}`, parameters);
  }
}
