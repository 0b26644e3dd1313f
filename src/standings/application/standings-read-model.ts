import type { ComplianceOverview, KeysetPage, PersonStanding, StandingsFilter } from './standings';
import type { ViewerScope } from './viewer-scope';

/** The compliance views' reads, every one restricted to the viewer's scope in its SQL. */
export abstract class StandingsReadModel {
  /**
   * The organization's published, active documents with their counts, most outstanding first; with `documentId`,
   * that document's row alone (what its page shows), read without the others.
   */
  abstract overview(scope: ViewerScope, now: Date, documentId?: string): Promise<ComplianceOverview>;
  /** Whether the document is the organization's (documents are organization-wide; their assignees are scoped). */
  abstract hasDocument(scope: ViewerScope, documentId: string): Promise<boolean>;
  /** Whether the group is the organization's and, for a group manager, one they are in charge of. */
  abstract hasGroup(scope: ViewerScope, groupId: string): Promise<boolean>;
  /** Assignees by person id, after `after`. */
  abstract standingsPage(
    scope: ViewerScope,
    documentId: string,
    filter: StandingsFilter,
    page: { after: string | null; limit: number },
    now: Date,
  ): Promise<KeysetPage<PersonStanding>>;
  /** Every assignee matching the filter, read by a cursor as the reader asks (constant memory). */
  abstract standingsStream(
    scope: ViewerScope,
    documentId: string,
    filter: StandingsFilter,
    now: Date,
  ): AsyncIterable<PersonStanding>;
}
