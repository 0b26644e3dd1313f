import { Injectable } from '@nestjs/common';
import { NotFoundError } from '@lib/core';
import type { BulkAction } from '../domain/bulk-action';
import { BulkActionRepository, SkipReason } from './bulk-action.repository';

/** Who asks: owners and administrators see every action of the organization; a group manager only their own. */
export interface BulkActionViewer {
  organizationId: string;
  userId: string;
  groupIds: readonly string[] | null;
}

/** A bulk action's progress and why targets were skipped, for its status page. */
@Injectable()
export class ShowBulkAction {
  constructor(private readonly actions: BulkActionRepository) {}

  async execute(viewer: BulkActionViewer, id: string): Promise<{ action: BulkAction; reasons: SkipReason[] }> {
    const action = await this.actions.find(viewer.organizationId, id);
    if (!action || (viewer.groupIds !== null && action.userId !== viewer.userId)) throw new NotFoundError();
    return { action, reasons: await this.actions.skipReasons(viewer.organizationId, id) };
  }

  /** The latest actions on a document that this viewer may see, newest first. */
  async recent(viewer: BulkActionViewer, documentId: string): Promise<BulkAction[]> {
    const actions = await this.actions.recent(viewer.organizationId, documentId, 10);
    return viewer.groupIds === null ? actions : actions.filter((action) => action.userId === viewer.userId);
  }
}
