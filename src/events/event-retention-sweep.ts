import { Sweep } from '../scheduling/sweep';
import { RemoveExpiredEvents } from './application/remove-expired-events.use-case';

/**
 * Removes events past the retention period (and their webhook attempts): the event log's one scheduled pass, run
 * in the worker (or the embedded API) like the idempotency keys' sweep.
 */
export const EventRetentionSweep = Sweep({
  task: 'remove-expired-events',
  removal: RemoveExpiredEvents,
  logAs: 'EventRetentionSweep',
  report: (removed) => `removed ${removed} event(s) past the retention period, with their webhook attempts`,
});
