import { containsPattern } from '@lib/persistence';
import type { KeysetRequest, PeopleListFilter } from '../application/directory';
import type { ViewerScope } from '../application/viewer-scope';
import { groupInScope, groupNamesOf, personInScope, SqlParams } from './scope.sql';

export interface PersonSummaryRow {
  id: string;
  first_name: string | null;
  last_name: string;
  full_name: string;
  email: string;
  phone: string | null;
  archived_at: Date | null;
  created_at: Date;
  groups: string[];
}

const PERSON = (scope: ViewerScope, params: SqlParams) =>
  `p.id, p.first_name, p.last_name, p.full_name, p.email, p.phone, p.archived_at, p.created_at,
   ${groupNamesOf(scope, 'p.id', params)} AS groups`;

/** People in scope by id (the primary key's order: a page is an index range, deep pages as cheap as the first). */
export function peopleStatement(scope: ViewerScope, filter: PeopleListFilter, page: KeysetRequest | null) {
  const params = new SqlParams();
  const conditions = [
    `p.organization_id = ${params.add(scope.organizationId)}`,
    filter.archived ? 'p.archived_at IS NOT NULL' : 'p.archived_at IS NULL',
    personInScope(scope, 'p.id', params),
  ];
  if (filter.search) {
    const pattern = params.add(containsPattern(filter.search));
    conditions.push(`(p.name_folded LIKE lower(${pattern}) OR p.email_folded LIKE lower(${pattern}))`);
  }
  if (filter.name) conditions.push(`p.name_folded LIKE lower(${params.add(containsPattern(filter.name))})`);
  if (filter.email) conditions.push(`p.email_folded LIKE lower(${params.add(containsPattern(filter.email))})`);
  if (filter.phone) conditions.push(`p.phone LIKE ${params.add(containsPattern(filter.phone))}`);
  if (page?.after) conditions.push(`p.id > ${params.add(page.after)}`);
  const limit = page ? `LIMIT ${params.add(page.limit + 1)}` : '';
  const columns = PERSON(scope, params);
  return {
    text: `SELECT ${columns} FROM people p WHERE ${conditions.join(' AND ')} ORDER BY p.id ${limit}`,
    values: params.values,
  };
}

export function personStatement(scope: ViewerScope, personId: string) {
  const params = new SqlParams();
  const id = params.add(personId);
  const organization = params.add(scope.organizationId);
  const inScope = personInScope(scope, 'p.id', params);
  return {
    text: `SELECT ${PERSON(scope, params)} FROM people p WHERE p.id = ${id} AND p.organization_id = ${organization} AND ${inScope}`,
    values: params.values,
  };
}

export function personRequestsStatement(scope: ViewerScope, personId: string, page: KeysetRequest) {
  const params = new SqlParams();
  const conditions = [
    `r.person_id = ${params.add(personId)}`,
    `r.organization_id = ${params.add(scope.organizationId)}`,
    personInScope(scope, 'r.person_id', params),
  ];
  if (page.after) conditions.push(`r.id < ${params.add(page.after)}`);
  return {
    text: `SELECT r.id, r.document_id, d.name AS document_name, r.document_revision_id, r.status, r.created_at,
                  r.sent_at, r.last_reminded_at, r.viewed_at, r.attested_at, r.expires_at
             FROM attestation_requests r JOIN documents d ON d.id = r.document_id
            WHERE ${conditions.join(' AND ')} ORDER BY r.id DESC LIMIT ${params.add(page.limit + 1)}`,
    values: params.values,
  };
}

const GROUP = `g.id, g.name, g.auto_issue_requests,
  (SELECT coalesce(sum(t.total), 0)::int FROM group_member_totals t WHERE t.group_id = g.id) AS member_count`;

export function groupsStatement(scope: ViewerScope, page: KeysetRequest | null, groupId?: string) {
  const params = new SqlParams();
  const conditions = [`g.organization_id = ${params.add(scope.organizationId)}`, groupInScope(scope, 'g.id', params)];
  if (groupId) conditions.push(`g.id = ${params.add(groupId)}`);
  if (page?.after) {
    conditions.push(`(g.name, g.id) > (SELECT a.name, a.id FROM groups a WHERE a.id = ${params.add(page.after)})`);
  }
  const limit = page ? `LIMIT ${params.add(page.limit + 1)}` : '';
  return {
    text: `SELECT ${GROUP} FROM groups g WHERE ${conditions.join(' AND ')} ORDER BY g.name, g.id ${limit}`,
    values: params.values,
  };
}

/** A group's members by person id; the group itself must be in scope (a manager's group's members all are). */
export function groupMembersStatement(scope: ViewerScope, groupId: string, page: KeysetRequest) {
  const params = new SqlParams();
  const group = params.add(groupId);
  const conditions = [
    `m.group_id = ${group}`,
    `p.organization_id = ${params.add(scope.organizationId)}`,
    groupInScope(scope, 'm.group_id', params),
  ];
  if (page.after) conditions.push(`m.person_id > ${params.add(page.after)}`);
  const columns = PERSON(scope, params);
  return {
    text: `SELECT ${columns} FROM group_memberships m JOIN people p ON p.id = m.person_id
            WHERE ${conditions.join(' AND ')} ORDER BY m.person_id LIMIT ${params.add(page.limit + 1)}`,
    values: params.values,
  };
}
