import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import { OutboxRelay, RelayDefinition } from '../../outbox/application/outbox-relay';
import { BulkActionRepository } from './bulk-action.repository';
import { BulkActionQueue, RUN_BULK_ACTION_JOB, RunBulkActionJob } from './bulk-action-queue';

const BULK_ACTION_RELAY: RelayDefinition<string, RunBulkActionJob> = {
  rowsName: 'bulk actions',
  batchSize: 100,
  idOf: (id) => id,
  jobsFor: (ids) =>
    ids.map((bulkActionId) => ({ name: RUN_BULK_ACTION_JOB, id: bulkActionId, data: { bulkActionId } })),
};

/** Hands committed bulk actions (by id) to their queue, and again those whose job was lost. */
@Injectable()
export class RelayBulkActions extends OutboxRelay<string, RunBulkActionJob> {
  constructor(actions: BulkActionRepository, queue: BulkActionQueue, clock: Clock) {
    super(actions, queue, clock, BULK_ACTION_RELAY);
  }
}
