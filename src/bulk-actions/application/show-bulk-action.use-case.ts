import { Injectable } from '@nestjs/common';
import { NotFoundError } from '@lib/core';
import { hasFullApiAccess } from '../../identity/domain/role';
import type { Viewer } from '../../standings/application/viewer';
import type { BulkAction } from '../domain/bulk-action';
import { BulkActionRepository, SkipReason } from './bulk-action.repository';

/** Owners and administrators see every action of the organization; a group manager only those they started. */
const visibleTo = (viewer: Viewer, action: BulkAction) =>
  hasFullApiAccess(viewer.role) || action.userId === viewer.userId;

/** A bulk action's progress and why targets were skipped, for its status page. */
@Injectable()
export class ShowBulkAction {
  constructor(private readonly actions: BulkActionRepository) {}

  async execute(viewer: Viewer, id: string): Promise<{ action: BulkAction; reasons: SkipReason[] }> {
    const action = await this.actions.find(viewer.organizationId, id.toLowerCase());
    if (!action || !visibleTo(viewer, action)) throw new NotFoundError();
    return { action, reasons: await this.actions.skipReasons(viewer.organizationId, action.id) };
  }

  /** The latest actions on a document that this viewer may see, newest first. */
  async recent(viewer: Viewer, documentId: string): Promise<BulkAction[]> {
    const actions = await this.actions.recent(viewer.organizationId, documentId.toLowerCase(), 10);
    return actions.filter((action) => visibleTo(viewer, action));
  }
}
