import type { IdempotentResponse } from '../domain/idempotent-response';

/**
 * Where keys and their answers live. `claim`, `find` and `save` act inside the unit of work in progress, so an
 * answer is stored in the very transaction that made its effect.
 */
export abstract class IdempotentResponses {
  /**
   * Takes the organization's key for the rest of the current transaction. False when another open transaction
   * (in any process) holds it. Released by the commit or rollback, including the one PostgreSQL performs when a
   * process dies mid-request.
   */
  abstract claim(organizationId: string, key: string): Promise<boolean>;

  /** The answer stored for the key, expired or not. */
  abstract find(organizationId: string, key: string): Promise<IdempotentResponse | null>;

  /** Stores the answer, replacing an expired one for the same key. */
  abstract save(response: IdempotentResponse): Promise<void>;

  /** Deletes up to `limit` answers expired at `now`, in one short transaction of its own; answers how many. */
  abstract removeExpired(now: Date, limit: number): Promise<number>;
}
