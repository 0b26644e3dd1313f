import { Injectable } from '@nestjs/common';
import { OutboxConsumer } from '../outbox/application/outbox-consumer';
import type { JobRun } from '../outbox/application/outbox-queue';
import { BulkActionQueue, RunBulkActionJob } from './application/bulk-action-queue';
import { RelayBulkActions } from './application/relay-bulk-actions';
import { RunBulkAction } from './application/run-bulk-action.use-case';

/** Two actions at a time per process: each is long and holds a connection per batch, emails have their own queue. */
const BULK_ACTION_SETTINGS = {
  concurrency: 2,
  backoffMs: 5_000,
  lockDurationMs: 60_000,
  stalledIntervalMs: 30_000,
  relayIntervalMs: 5_000,
};

/** Runs queued bulk actions; the outbox machine relays, retries and stops. */
@Injectable()
export class BulkActionConsumer extends OutboxConsumer<string, RunBulkActionJob> {
  constructor(
    queue: BulkActionQueue,
    relay: RelayBulkActions,
    private readonly run: RunBulkAction,
  ) {
    super(queue, relay, BULK_ACTION_SETTINGS);
  }

  protected async handle(job: JobRun<RunBulkActionJob>): Promise<void> {
    await this.run.execute(job.data.bulkActionId);
  }
}
