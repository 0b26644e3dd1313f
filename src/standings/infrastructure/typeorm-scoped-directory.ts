import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { RowStreams } from '../../database/row-streams';
import { readRows } from '../../database/typeorm-unit-of-work';
import {
  GroupSummary,
  KeysetRequest,
  PeopleListFilter,
  PersonSummary,
  RequestSummary,
  ScopedDirectory,
} from '../application/directory';
import type { KeysetPage } from '../application/standings';
import type { ViewerScope } from '../application/viewer-scope';
import {
  groupMembersStatement,
  groupsStatement,
  peopleStatement,
  personRequestsStatement,
  personStatement,
  PersonSummaryRow,
} from './directory.sql';

/** The organization's groups' names by id, read once per page or export: a person's groups are named from it. */
type GroupNames = Map<string, string>;

const named = (names: GroupNames, ids: readonly string[]) =>
  ids
    .map((id) => names.get(id))
    .filter((name): name is string => name !== undefined)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

const toPerson = (names: GroupNames, row: PersonSummaryRow): PersonSummary => ({
  id: row.id,
  firstName: row.first_name,
  lastName: row.last_name,
  name: row.full_name,
  email: row.email,
  phone: row.phone,
  archivedAt: row.archived_at,
  createdAt: row.created_at,
  groups: named(names, row.group_ids),
});

interface GroupRow {
  id: string;
  name: string;
  auto_issue_requests: boolean;
  member_count: number;
}
const toGroup = (row: GroupRow): GroupSummary => ({
  id: row.id,
  name: row.name,
  autoIssueRequests: row.auto_issue_requests,
  memberCount: row.member_count,
});

interface RequestRow {
  id: string;
  document_id: string;
  document_name: string;
  document_revision_id: string;
  status: string;
  created_at: Date;
  sent_at: Date | null;
  last_reminded_at: Date | null;
  viewed_at: Date | null;
  attested_at: Date | null;
  expires_at: Date | null;
}
const toRequest = (row: RequestRow): RequestSummary => ({
  id: row.id,
  documentId: row.document_id,
  documentName: row.document_name,
  documentRevisionId: row.document_revision_id,
  status: row.status,
  createdAt: row.created_at,
  sentAt: row.sent_at,
  lastRemindedAt: row.last_reminded_at,
  viewedAt: row.viewed_at,
  attestedAt: row.attested_at,
  expiresAt: row.expires_at,
});

/** The first `limit` rows, and the key of the last one when more follow. */
function keyset<R, T>(rows: R[], limit: number, map: (row: R) => T, key: (item: T) => string): KeysetPage<T> {
  const items = rows.slice(0, limit).map(map);
  return { items, next: rows.length > limit ? key(items[items.length - 1]) : null };
}

@Injectable()
export class TypeormScopedDirectory extends ScopedDirectory {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly streams: RowStreams,
  ) {
    super();
  }

  peoplePage(scope: ViewerScope, filter: PeopleListFilter, page: KeysetRequest) {
    return this.personPage(scope, peopleStatement(scope, filter, page), page.limit);
  }

  async *peopleStream(scope: ViewerScope, filter: PeopleListFilter): AsyncIterable<PersonSummary> {
    const { text, values } = peopleStatement(scope, filter, null);
    const names = await this.groupNames(scope);
    for await (const row of this.streams.rows<PersonSummaryRow>(text, values)) yield toPerson(names, row);
  }

  async person(scope: ViewerScope, personId: string): Promise<PersonSummary | null> {
    const { text, values } = personStatement(scope, personId);
    const [[row], names] = await Promise.all([this.rows(text, values), this.groupNames(scope)]);
    return row ? toPerson(names, row) : null;
  }

  async personRequests(scope: ViewerScope, personId: string, page: KeysetRequest) {
    const { text, values } = personRequestsStatement(scope, personId, page);
    return keyset(await readRows<RequestRow>(this.db, text, values), page.limit, toRequest, (r) => r.id);
  }

  async groupsPage(scope: ViewerScope, page: KeysetRequest) {
    const { text, values } = groupsStatement(scope, page);
    return keyset(await readRows<GroupRow>(this.db, text, values), page.limit, toGroup, (g) => g.id);
  }

  async group(scope: ViewerScope, groupId: string): Promise<GroupSummary | null> {
    const { text, values } = groupsStatement(scope, null, groupId);
    const [row] = await readRows<GroupRow>(this.db, text, values);
    return row ? toGroup(row) : null;
  }

  groupMembersPage(scope: ViewerScope, groupId: string, page: KeysetRequest) {
    return this.personPage(scope, groupMembersStatement(scope, groupId, page), page.limit);
  }

  /** A page of the people a statement reads, each with the names of their groups in the scope. */
  private async personPage(scope: ViewerScope, { text, values }: { text: string; values: unknown[] }, limit: number) {
    const [rows, names] = await Promise.all([this.rows(text, values), this.groupNames(scope)]);
    return keyset(
      rows,
      limit,
      (row) => toPerson(names, row),
      (p) => p.id,
    );
  }

  private rows(text: string, values: unknown[]): Promise<PersonSummaryRow[]> {
    return readRows<PersonSummaryRow>(this.db, text, values);
  }

  private async groupNames(scope: ViewerScope): Promise<GroupNames> {
    const rows = await readRows<{ id: string; name: string }>(
      this.db,
      `SELECT id, name FROM groups WHERE organization_id = $1`,
      [scope.organizationId],
    );
    return new Map(rows.map((row) => [row.id, row.name]));
  }
}
