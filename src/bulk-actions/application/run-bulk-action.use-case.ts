import { Injectable } from '@nestjs/common';
import { Clock, DomainError } from '@lib/core';
import { UnitOfWork } from '../../database/unit-of-work';
import { CancelAttestationRequest } from '../../attestation-requests/application/cancel-attestation-request.use-case';
import { CreateAttestationRequest } from '../../attestation-requests/application/create-attestation-request.use-case';
import { RequestTargets } from '../../attestation-requests/application/request-targets';
import { RemindAttestationRequest } from '../../attestation-requests/application/remind-attestation-request.use-case';
import type { BulkAction, TargetOutcome } from '../domain/bulk-action';
import { OPEN_STATUSES } from '../../attestation-requests/domain/attestation-request-status';
import { BulkActionRepository, LatestRequest } from './bulk-action.repository';

/** Targets handled per transaction: a batch's effects, outcomes and progress commit together. */
export const BULK_BATCH_SIZE = 500;

const done = (personId: string): TargetOutcome => ({ personId, outcome: 'done', reason: null });
const skipped = (personId: string, reason: string): TargetOutcome => ({
  personId,
  outcome: 'skipped',
  reason: reason.slice(0, 255),
});

/**
 * Runs a bulk action in the worker, one transaction per batch of targets: each target goes through the API's own
 * use-case (remind, create, cancel), each within its own savepoint, so a refusal (reminded less than an hour ago, attested
 * already) undoes only that target and is recorded as skipped with the API's reason. The outcomes commit with the
 * effects: a job retried after a crash resumes at the first target without an outcome and acts on no one twice.
 */
@Injectable()
export class RunBulkAction {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly actions: BulkActionRepository,
    private readonly remind: RemindAttestationRequest,
    private readonly cancel: CancelAttestationRequest,
    private readonly create: CreateAttestationRequest,
    private readonly documents: RequestTargets,
    private readonly clock: Clock,
  ) {}

  async execute(bulkActionId: string): Promise<void> {
    for (;;) {
      const left = await this.unitOfWork.run(async () => {
        const action = await this.actions.lockForRun(bulkActionId);
        if (!action) return 0;
        const targets = await this.actions.pendingTargets(action.id, BULK_BATCH_SIZE);
        const latest = await this.actions.latestRequests(action.organizationId, action.documentId, targets);
        const outcomes: TargetOutcome[] = [];
        for (const personId of targets) outcomes.push(await this.apply(action, personId, latest.get(personId) ?? null));
        const remaining = await this.actions.recordOutcomes(action.id, outcomes);
        action.recordBatch(outcomes, remaining, this.clock.now());
        await this.actions.save(action);
        return remaining;
      });
      if (left === 0) return;
    }
  }

  /** A use-case refusing undoes only its own savepoint; the refusal is the target's outcome. */
  private async apply(action: BulkAction, personId: string, latest: LatestRequest | null): Promise<TargetOutcome> {
    try {
      return await this.applyTo(action, personId, latest);
    } catch (error) {
      if (error instanceof DomainError) return skipped(personId, error.message);
      throw error;
    }
  }

  private async applyTo(action: BulkAction, personId: string, latest: LatestRequest | null): Promise<TargetOutcome> {
    const { organizationId, documentId } = action;
    const open = latest !== null && OPEN_STATUSES.includes(latest.status);
    switch (action.kind) {
      case 'remind':
        if (!latest) return skipped(personId, 'No request was sent.');
        await this.remind.execute({ organizationId, requestId: latest.id });
        return done(personId);
      case 'cancel':
        if (!latest || !open) return skipped(personId, 'No open request.');
        await this.cancel.execute({ organizationId, requestId: latest.id });
        return done(personId);
      case 'send':
        if (open) return skipped(personId, 'A request is already open.');
        if (latest?.status === 'attested') {
          const document = await this.documents.findDocument(organizationId, documentId);
          if (document?.latestRevisionId === latest.revisionId) {
            return skipped(personId, 'The current revision is attested already.');
          }
        }
        await this.create.execute({
          organizationId,
          requestedByUserId: action.userId ?? '',
          personId,
          documentId,
        });
        return done(personId);
    }
  }
}
