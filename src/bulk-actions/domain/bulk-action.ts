import { createHash } from 'node:crypto';
import { Entity, newId, ValidationFailedError } from '@lib/core';

export const BULK_ACTION_KINDS = ['remind', 'send', 'cancel'] as const;
export type BulkActionKind = (typeof BULK_ACTION_KINDS)[number];

export function isBulkActionKind(value: unknown): value is BulkActionKind {
  return typeof value === 'string' && (BULK_ACTION_KINDS as readonly string[]).includes(value);
}

/** The same action on the same people within this span is the same action: it is shown again, not run again. */
export const REPEAT_WINDOW_MS = 60 * 60_000;
/** At most this many people in one action (the largest organization the benchmark seeds, and then some). */
export const MAX_TARGETS = 200_000;

/** How the targets were chosen, kept for the status page and the audit log. */
export interface BulkCriteria {
  /** Chosen one by one (checkboxes), or everyone matching the filter. */
  selection: 'chosen' | 'matching';
  bucket?: string | null;
  groupId?: string | null;
  search?: string | null;
}

export type BulkActionStatus = 'queued' | 'running' | 'finished';

export interface BulkActionProps {
  id: string;
  organizationId: string;
  userId: string | null;
  kind: BulkActionKind;
  documentId: string;
  criteria: BulkCriteria;
  /** SHA-256 of the kind, the document and the sorted target ids: what makes a repeat the same action. */
  targetKey: string;
  status: BulkActionStatus;
  total: number;
  done: number;
  skipped: number;
  createdAt: Date;
  finishedAt: Date | null;
}

/** What one target came to: done, or skipped with the reason the API would have answered. */
export interface TargetOutcome {
  personId: string;
  outcome: 'done' | 'skipped';
  reason: string | null;
}

/**
 * One bulk action of the console on a document's assignees: remind, send a request to those without one, or cancel.
 * It runs in the worker, batch by batch, each target's outcome written with its effect, so a retried job resumes
 * where the last committed batch ended and never acts twice on anyone.
 */
export class BulkAction extends Entity.exposing<BulkActionProps>()(
  'id',
  'organizationId',
  'userId',
  'kind',
  'documentId',
  'criteria',
  'targetKey',
  'status',
  'total',
  'done',
  'skipped',
  'createdAt',
  'finishedAt',
) {
  static start(input: {
    organizationId: string;
    userId: string | null;
    kind: BulkActionKind;
    documentId: string;
    criteria: BulkCriteria;
    personIds: readonly string[];
    now: Date;
  }): BulkAction {
    if (input.personIds.length === 0) {
      throw ValidationFailedError.single('people', 'No one matches: choose at least one person.');
    }
    if (input.personIds.length > MAX_TARGETS) {
      throw ValidationFailedError.single('people', `At most ${MAX_TARGETS} people at once.`);
    }
    return new BulkAction({
      id: newId(),
      organizationId: input.organizationId,
      userId: input.userId,
      kind: input.kind,
      documentId: input.documentId,
      criteria: input.criteria,
      targetKey: BulkAction.keyOf(input.kind, input.documentId, input.personIds),
      status: 'queued',
      total: input.personIds.length,
      done: 0,
      skipped: 0,
      createdAt: input.now,
      finishedAt: null,
    });
  }

  /** The same kind on the same document for the same people (in any order) has the same key. */
  static keyOf(kind: BulkActionKind, documentId: string, personIds: readonly string[]): string {
    const hash = createHash('sha256').update(`${kind}:${documentId}:`);
    for (const id of [...new Set(personIds)].sort()) hash.update(`${id},`);
    return hash.digest('hex');
  }

  /** Whether starting `key` now repeats this action (same targets, within the hour): then it is not run again. */
  isRepeatedBy(key: string, now: Date): boolean {
    return this.props.targetKey === key && now.getTime() - this.props.createdAt.getTime() < REPEAT_WINDOW_MS;
  }

  /** A batch's outcomes; the action finishes when no target is left. */
  recordBatch(outcomes: readonly TargetOutcome[], remaining: number, now: Date): void {
    this.props.status = remaining === 0 ? 'finished' : 'running';
    for (const outcome of outcomes) {
      if (outcome.outcome === 'done') this.props.done++;
      else this.props.skipped++;
    }
    if (remaining === 0) this.props.finishedAt = now;
  }
}
