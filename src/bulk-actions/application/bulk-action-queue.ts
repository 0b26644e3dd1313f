import { OutboxQueue, queueKeepingCompletedJobs } from '../../outbox/application/outbox-queue';

/** "Run bulk action X": the job's id is the action's, so relaying it twice adds one job. */
export interface RunBulkActionJob {
  bulkActionId: string;
}

export const RUN_BULK_ACTION_JOB = 'run';

export const BULK_ACTION_QUEUE = queueKeepingCompletedJobs('bulk-actions', 'BulkActionQueue', 1_000);

/** The bulk actions' queue (its own: a 10,000-person action never sits in front of the emails it writes). */
export abstract class BulkActionQueue extends OutboxQueue<RunBulkActionJob> {}
