import { Sweep } from '../scheduling/sweep';
import { RemoveExpiredIdempotencyKeys } from './application/remove-expired-idempotency-keys.use-case';

/**
 * Removes expired Idempotency-Key answers: the idempotency module's one scheduled pass, run in the worker (and in
 * the embedded API, which is its own worker) like the request lifecycle's passes.
 */
export const IdempotencyKeySweep = Sweep({
  task: 'remove-expired-idempotency-keys',
  removal: RemoveExpiredIdempotencyKeys,
  logAs: 'IdempotencyKeySweep',
  report: (removed) => `removed ${removed} expired idempotency key(s)`,
});
