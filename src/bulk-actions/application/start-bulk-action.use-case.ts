import { Injectable } from '@nestjs/common';
import { Clock, NotFoundError, ValidationFailedError } from '@lib/core';
import { AuditTrail } from '../../audit-log/application/audit-trail';
import type { Origin } from '../../audit-log/domain/audit-entry';
import { UnitOfWork } from '../../database/unit-of-work';
import { RequestTargets } from '../../attestation-requests/application/request-targets';
import { hasFullApiAccess } from '../../identity/domain/role';
import { ExportDocumentStandings } from '../../standings/application/export-document-standings.use-case';
import type { StandingsFilterInput, Viewer } from '../../standings/application/viewer';
import { BulkAction, BulkActionKind, REPEAT_WINDOW_MS } from '../domain/bulk-action';
import { BulkActionRepository } from './bulk-action.repository';
import { RelayBulkActions } from './relay-bulk-actions';

export interface StartBulkActionInput {
  viewer: Viewer;
  kind: BulkActionKind;
  documentId: string;
  /** The document page's filters (bucket, group, name or email), checked as the page checks them. */
  filter: StandingsFilterInput;
  /** Chosen people (checkboxes); absent: everyone matching the filter. */
  personIds?: readonly string[];
  origin: Origin;
}

/**
 * Starts a bulk action: resolves its targets once, from the same read as the document page and its export (the
 * viewer's scope, the filter), so its progress counts a fixed set and a group manager reaches only their groups'
 * people; a chosen id outside that read is no target. Records the action, its targets and its audit line in one
 * transaction and hands it to the worker after the commit. The same action on the same people within the hour is
 * not started again: the one already started is answered (`repeated`). A group manager may remind, nothing else.
 */
@Injectable()
export class StartBulkAction {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly actions: BulkActionRepository,
    private readonly standings: ExportDocumentStandings,
    private readonly documents: RequestTargets,
    private readonly relay: RelayBulkActions,
    private readonly audit: AuditTrail,
    private readonly clock: Clock,
  ) {}

  async execute(input: StartBulkActionInput): Promise<{ action: BulkAction; repeated: boolean }> {
    const { viewer } = input;
    if (!hasFullApiAccess(viewer.role) && input.kind !== 'remind') {
      throw ValidationFailedError.single('kind', 'Group managers can remind, not change requests.');
    }
    const document = await this.documents.findDocument(viewer.organizationId, input.documentId.toLowerCase());
    if (!document) throw new NotFoundError('Document not found.');
    const personIds = await this.targets(input, document.id);
    return this.unitOfWork.run(async () => {
      const now = this.clock.now();
      const key = BulkAction.keyOf(input.kind, document.id, personIds);
      await this.actions.lockKey(viewer.organizationId, key);
      const earlier = await this.actions.findRepeat(
        viewer.organizationId,
        key,
        new Date(now.getTime() - REPEAT_WINDOW_MS),
      );
      if (earlier?.isRepeatedBy(key, now)) return { action: earlier, repeated: true };
      const criteria = {
        selection: input.personIds ? ('chosen' as const) : ('matching' as const),
        bucket: input.filter.bucket?.trim() || null,
        groupId: input.filter.groupId?.trim().toLowerCase() || null,
        search: input.filter.search?.trim() || null,
      };
      const action = BulkAction.start({
        organizationId: viewer.organizationId,
        userId: viewer.userId,
        kind: input.kind,
        documentId: document.id,
        criteria,
        personIds,
        now,
      });
      await this.actions.add(action, personIds);
      await this.audit.record({
        organizationId: viewer.organizationId,
        userId: viewer.userId,
        action: `bulk_action.${input.kind}`,
        origin: input.origin,
        details: { bulk_action_id: action.id, document_id: document.id, people: personIds.length, ...criteria },
      });
      await this.unitOfWork.afterCommit(() => this.relay.soon([action.id]));
      return { action, repeated: false };
    });
  }

  /** Everyone the document page would list with this filter, narrowed to the chosen ones when there are. */
  private async targets(input: StartBulkActionInput, documentId: string): Promise<string[]> {
    const chosen = input.personIds ? new Set(input.personIds.map((id) => id.toLowerCase())) : null;
    const rows = await this.standings.execute({ viewer: input.viewer, documentId, filter: input.filter });
    const personIds: string[] = [];
    for await (const row of rows) if (!chosen || chosen.has(row.personId)) personIds.push(row.personId);
    return personIds;
  }
}
