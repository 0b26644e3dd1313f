import type { AttestationRequestStatus } from '../../attestation-requests/domain/attestation-request-status';
import type { OutboxRows } from '../../outbox/application/outbox-rows';
import type { BulkAction, TargetOutcome } from '../domain/bulk-action';

/** How many targets were skipped for one reason. */
export interface SkipReason {
  reason: string;
  count: number;
}

/** A target's latest request for the document, as a batch reads them at once. */
export interface LatestRequest {
  id: string;
  status: AttestationRequestStatus;
  revisionId: string;
}

/**
 * Bulk actions and their targets. Reads for a door take the organization's id; the worker's, which serve every
 * organization, say so (`lockForRun`). An action is also the outbox row of its job: relayed once it is committed.
 */
export abstract class BulkActionRepository implements OutboxRows<string> {
  /** The latest action of the organization with this target key created after `since`, if any. */
  abstract findRepeat(organizationId: string, targetKey: string, since: Date): Promise<BulkAction | null>;
  /** Serialises starts of the same key (a double click): the second waits, then finds the first. */
  abstract lockKey(organizationId: string, targetKey: string): Promise<void>;
  abstract add(action: BulkAction, personIds: readonly string[]): Promise<void>;
  abstract find(organizationId: string, id: string): Promise<BulkAction | null>;
  /** The latest actions on a document, newest first. */
  abstract recent(organizationId: string, documentId: string, limit: number): Promise<BulkAction[]>;
  abstract skipReasons(organizationId: string, id: string): Promise<SkipReason[]>;

  /** The worker's lock of an action, in any organization, until the transaction ends; null once finished. */
  abstract lockForRun(id: string): Promise<BulkAction | null>;
  /** Up to `limit` targets not yet handled, in person order. */
  abstract pendingTargets(actionId: string, limit: number): Promise<string[]>;
  /** Writes the targets' outcomes, in the batch's transaction; answers how many targets are left. */
  /** The latest request of each of these people for the document, in one read (by person id). */
  abstract latestRequests(
    organizationId: string,
    documentId: string,
    personIds: readonly string[],
  ): Promise<Map<string, LatestRequest>>;
  abstract recordOutcomes(actionId: string, outcomes: readonly TargetOutcome[]): Promise<number>;
  abstract save(action: BulkAction): Promise<void>;

  abstract findRelayable(input: { unrelayedBefore: Date; staleBefore: Date; limit: number }): Promise<string[]>;
  abstract markRelayed(ids: readonly string[], now: Date): Promise<void>;
}
