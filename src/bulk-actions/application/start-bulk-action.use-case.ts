import { Injectable } from '@nestjs/common';
import { Clock, NotFoundError } from '@lib/core';
import { AuditTrail } from '../../audit-log/application/audit-trail';
import type { Origin } from '../../audit-log/domain/audit-entry';
import { UnitOfWork } from '../../database/unit-of-work';
import { RequestTargets } from '../../attestation-requests/application/request-targets';
import { BulkAction, BulkActionKind, BulkCriteria, REPEAT_WINDOW_MS } from '../domain/bulk-action';
import { BulkActionRepository } from './bulk-action.repository';
import { BulkTargets } from './bulk-targets';
import { RelayBulkActions } from './relay-bulk-actions';

export interface StartBulkActionInput {
  organizationId: string;
  userId: string;
  /** The groups a group manager manages; null for owners and administrators. */
  groupIds: readonly string[] | null;
  kind: BulkActionKind;
  documentId: string;
  /** Chosen people; absent: everyone matching the filters. */
  personIds?: readonly string[];
  groupId?: string | null;
  search?: string | null;
  origin: Origin;
}

/**
 * Starts a bulk action: resolves its targets once (so its progress counts a fixed set), records it with them and
 * its audit line in one transaction, and hands it to the worker after the commit. The same action on the same
 * people within the hour is not started again: the one already started is answered (`repeated`). A group manager
 * may only remind; the viewer's groups bound the targets.
 */
@Injectable()
export class StartBulkAction {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly actions: BulkActionRepository,
    private readonly targets: BulkTargets,
    private readonly documents: RequestTargets,
    private readonly relay: RelayBulkActions,
    private readonly audit: AuditTrail,
    private readonly clock: Clock,
  ) {}

  async execute(input: StartBulkActionInput): Promise<{ action: BulkAction; repeated: boolean }> {
    const { organizationId } = input;
    if (input.groupIds !== null && input.kind !== 'remind') {
      throw new NotFoundError('Group managers can remind, not change requests.');
    }
    const document = await this.documents.findDocument(organizationId, input.documentId);
    if (!document) throw new NotFoundError('Document not found.');
    return this.unitOfWork.run(async () => {
      const personIds = await this.targets.personIds({
        organizationId,
        documentId: document.id,
        personIds: input.personIds,
        groupId: input.groupId,
        search: input.search,
        groupIds: input.groupIds,
      });
      const criteria: BulkCriteria = {
        selection: input.personIds ? 'chosen' : 'matching',
        groupId: input.groupId ?? null,
        search: input.search ?? null,
      };
      const now = this.clock.now();
      const key = BulkAction.keyOf(input.kind, document.id, personIds);
      await this.actions.lockKey(organizationId, key);
      const earlier = await this.actions.findRepeat(organizationId, key, new Date(now.getTime() - REPEAT_WINDOW_MS));
      if (earlier?.isRepeatedBy(key, now)) return { action: earlier, repeated: true };
      const action = BulkAction.start({
        organizationId,
        userId: input.userId,
        kind: input.kind,
        documentId: document.id,
        criteria,
        personIds,
        now,
      });
      await this.actions.add(action, personIds);
      await this.audit.record({
        organizationId,
        userId: input.userId,
        action: `bulk_action.${input.kind}`,
        origin: input.origin,
        details: { bulk_action_id: action.id, document_id: document.id, people: personIds.length, ...criteria },
      });
      await this.unitOfWork.afterCommit(() => this.relay.soon([action.id]));
      return { action, repeated: false };
    });
  }
}
