import type { KeysetPage } from './standings';
import type { ViewerScope } from './viewer-scope';

/** A person as the compliance views list them. */
export interface PersonSummary {
  id: string;
  firstName: string | null;
  lastName: string;
  name: string;
  email: string;
  phone: string | null;
  archivedAt: Date | null;
  createdAt: Date;
  /** Their groups in the viewer's scope, by name. */
  groups: string[];
}

export interface GroupSummary {
  id: string;
  name: string;
  autoIssueRequests: boolean;
  memberCount: number;
}

/** One of a person's requests, newest first. */
export interface RequestSummary {
  id: string;
  documentId: string;
  documentName: string;
  documentRevisionId: string;
  status: string;
  createdAt: Date;
  sentAt: Date | null;
  lastRemindedAt: Date | null;
  viewedAt: Date | null;
  attestedAt: Date | null;
  expiresAt: Date | null;
}

export interface PeopleListFilter {
  /** Part of the name or the email, ignoring case. */
  search?: string;
  /** The API people list's own filters: part of the name, of the email (ignoring case), of the E.164 phone. */
  name?: string;
  email?: string;
  phone?: string;
  archived: boolean;
}

export interface KeysetRequest {
  after: string | null;
  limit: number;
}

/** People, groups and requests as the viewer may see them: every method filters on the tenant and the scope. */
export abstract class ScopedDirectory {
  /** By person id. */
  abstract peoplePage(
    scope: ViewerScope,
    filter: PeopleListFilter,
    page: KeysetRequest,
  ): Promise<KeysetPage<PersonSummary>>;
  /** Every person matching the filter, read by a cursor as the reader asks. */
  abstract peopleStream(scope: ViewerScope, filter: PeopleListFilter): AsyncIterable<PersonSummary>;
  abstract person(scope: ViewerScope, personId: string): Promise<PersonSummary | null>;
  /** Newest first; `after` is the last request id of the previous page. */
  abstract personRequests(
    scope: ViewerScope,
    personId: string,
    page: KeysetRequest,
  ): Promise<KeysetPage<RequestSummary>>;
  /** By name then id; `after` is the last group id of the previous page. */
  abstract groupsPage(scope: ViewerScope, page: KeysetRequest): Promise<KeysetPage<GroupSummary>>;
  abstract group(scope: ViewerScope, groupId: string): Promise<GroupSummary | null>;
  /** The group's members (archived ones included) by person id. */
  abstract groupMembersPage(
    scope: ViewerScope,
    groupId: string,
    page: KeysetRequest,
  ): Promise<KeysetPage<PersonSummary>>;
}
