import type { Locale } from '@lib/core';
import { Group } from '../../groups/domain/group';
import { Person, PersonSource } from '../../people/domain/person';

/** The columns the SCIM door reads of a person and of a group (snake_case, as PostgreSQL names them). */
export const PERSON_COLUMNS =
  'id, organization_id, first_name, last_name, email, phone, source, source_id, external_id, user_name, ' +
  'locale, archived_at, created_at, updated_at';
export const GROUP_COLUMNS = 'id, organization_id, name, auto_issue_requests, external_id, created_at, updated_at';

export interface PersonRow {
  id: string;
  organization_id: string;
  first_name: string | null;
  last_name: string;
  email: string;
  phone: string | null;
  source: string;
  source_id: string | null;
  external_id: string | null;
  user_name: string | null;
  locale: string | null;
  archived_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface GroupRow {
  id: string;
  organization_id: string;
  name: string;
  auto_issue_requests: boolean;
  external_id: string | null;
  created_at: Date;
  updated_at: Date;
}

export const personOf = (r: PersonRow): Person =>
  Person.restore({
    id: r.id,
    organizationId: r.organization_id,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    phone: r.phone,
    source: r.source as PersonSource,
    sourceId: r.source_id,
    externalId: r.external_id,
    userName: r.user_name,
    locale: r.locale as Locale | null,
    archivedAt: r.archived_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  });

export const groupOf = (r: GroupRow): Group =>
  Group.restore({
    id: r.id,
    organizationId: r.organization_id,
    name: r.name,
    autoIssueRequests: r.auto_issue_requests,
    externalId: r.external_id,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  });
