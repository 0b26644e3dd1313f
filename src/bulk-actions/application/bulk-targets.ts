/** Which of a document's assignees a bulk action is about. */
export interface TargetQuery {
  organizationId: string;
  documentId: string;
  /** People chosen one by one; absent: everyone matching the filters. */
  personIds?: readonly string[];
  groupId?: string | null;
  /** Part of a name or an email address. */
  search?: string | null;
  /** The viewer's reach: null for owners and administrators (the whole organization), else the groups they manage. */
  groupIds: readonly string[] | null;
}

/**
 * The people a bulk action targets: the document's assignees in the organization, in the viewer's groups, matching
 * the filters (or among those chosen). A chosen id outside all this is simply not a target, never an error that
 * would tell whether it exists.
 */
export abstract class BulkTargets {
  abstract personIds(query: TargetQuery): Promise<string[]>;
}
