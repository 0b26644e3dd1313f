import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { OPEN_STATUSES } from '../../attestation-requests/domain/attestation-request-status';
import { activeManager } from '../../database/typeorm-unit-of-work';
import {
  GroupMembershipRepository,
  IssuableDocument,
  MembershipGroup,
} from '../application/group-membership.repository';

interface IssuableRow {
  person_id: string;
  full_name: string;
  email: string;
  document_id: string;
  latest_revision_id: string;
}

const toIssuable = (row: IssuableRow): IssuableDocument => ({
  personId: row.person_id,
  recipientName: row.full_name,
  recipientEmail: row.email,
  documentId: row.document_id,
  documentRevisionId: row.latest_revision_id,
});

/**
 * When `person` should be asked to sign `document` (open statuses in $4): it is published, not archived and
 * requires a signature, and the person has neither an open request for it nor an attestation of its latest
 * revision. The one definition for people joining a group and documents joining one.
 */
const ISSUABLE = `document.latest_revision_id IS NOT NULL
          AND document.archived_at IS NULL
          AND document.requires_signature
          AND NOT EXISTS (
                SELECT 1 FROM attestation_requests request
                 WHERE request.document_id = document.id AND request.person_id = person.id
                   AND (request.status = ANY($4)
                        OR (request.status = 'attested' AND request.document_revision_id = document.latest_revision_id)))`;

/**
 * Plain SQL over the shared tables, one statement per step. Rows are inserted in key order so that concurrent
 * adds of overlapping people lock them in the same order and cannot deadlock each other.
 */
@Injectable()
export class TypeormGroupMembershipRepository extends GroupMembershipRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {
    super();
  }

  async findGroup(organizationId: string, groupId: string): Promise<MembershipGroup | null> {
    const rows: { id: string; organization_id: string; auto_issue_requests: boolean }[] = await activeManager(
      this.db,
    ).query(`SELECT id, organization_id, auto_issue_requests FROM groups WHERE id = $1 AND organization_id = $2`, [
      groupId,
      organizationId,
    ]);
    const [row] = rows;
    return row ? { id: row.id, organizationId: row.organization_id, autoIssueRequests: row.auto_issue_requests } : null;
  }

  async lockGroup(
    organizationId: string,
    groupId: string,
    purpose: 'adding-people' | 'adding-documents',
  ): Promise<MembershipGroup | null> {
    const rows: { id: string; organization_id: string; auto_issue_requests: boolean }[] = await activeManager(
      this.db,
    ).query(
      `SELECT id, organization_id, auto_issue_requests FROM groups WHERE id = $1 AND organization_id = $2
         ${purpose === 'adding-people' ? 'FOR SHARE' : 'FOR UPDATE'}`,
      [groupId, organizationId],
    );
    const [row] = rows;
    return row ? { id: row.id, organizationId: row.organization_id, autoIssueRequests: row.auto_issue_requests } : null;
  }

  async findActiveDocuments(organizationId: string, documentIds: readonly string[]): Promise<Set<string>> {
    if (documentIds.length === 0) return new Set();
    const rows: { id: string }[] = await activeManager(this.db).query(
      `SELECT id FROM documents WHERE organization_id = $1 AND id = ANY($2) AND archived_at IS NULL
        ORDER BY id FOR SHARE`,
      [organizationId, [...documentIds]],
    );
    return new Set(rows.map((row) => row.id));
  }

  async addMissingDocuments(group: MembershipGroup, documentIds: readonly string[], now: Date): Promise<string[]> {
    const rows: { document_id: string }[] = await activeManager(this.db).query(
      `INSERT INTO group_documents (group_id, document_id, created_at)
       SELECT $1::varchar, document.id, $2::timestamptz FROM unnest($3::varchar[]) AS document (id)
        ORDER BY document.id
       ON CONFLICT (group_id, document_id) DO NOTHING
       RETURNING document_id`,
      [group.id, now, [...documentIds]],
    );
    return rows.map((row) => row.document_id);
  }

  async assignToMembers(group: MembershipGroup, documentIds: readonly string[], now: Date): Promise<void> {
    if (documentIds.length === 0) return;
    await activeManager(this.db).query(
      `INSERT INTO document_assignments (document_id, person_id, organization_id, group_id, created_at)
       SELECT document.id, member.person_id, $2::varchar, $1::varchar, $3::timestamptz
         FROM unnest($4::varchar[]) AS document (id)
         CROSS JOIN group_memberships member
        WHERE member.group_id = $1::varchar
        ORDER BY document.id, member.person_id
       ON CONFLICT (document_id, person_id) DO NOTHING`,
      [group.id, group.organizationId, now, [...documentIds]],
    );
  }

  async findIssuableForMembers(group: MembershipGroup, documentIds: readonly string[]): Promise<IssuableDocument[]> {
    if (documentIds.length === 0) return [];
    const rows: IssuableRow[] = await activeManager(this.db).query(
      `SELECT person.id AS person_id, person.full_name, person.email, document.id AS document_id,
              document.latest_revision_id
         FROM documents document
         JOIN group_memberships member ON member.group_id = $1
         JOIN people person ON person.id = member.person_id AND person.organization_id = $2
        WHERE document.id = ANY($3::varchar[]) AND document.organization_id = $2
          AND person.archived_at IS NULL
          AND ${ISSUABLE}
        ORDER BY person.id, document.id`,
      [group.id, group.organizationId, [...documentIds], [...OPEN_STATUSES]],
    );
    return rows.map(toIssuable);
  }

  async findActivePeople(organizationId: string, personIds: readonly string[]): Promise<Set<string>> {
    if (personIds.length === 0) return new Set();
    const rows: { id: string }[] = await activeManager(this.db).query(
      `SELECT id FROM people WHERE organization_id = $1 AND id = ANY($2) AND archived_at IS NULL
        ORDER BY id FOR SHARE`,
      [organizationId, [...personIds]],
    );
    return new Set(rows.map((row) => row.id));
  }

  async addMissingMembers(group: MembershipGroup, personIds: readonly string[], now: Date): Promise<string[]> {
    const rows: { person_id: string }[] = await activeManager(this.db).query(
      `INSERT INTO group_memberships (group_id, person_id, organization_id, created_at)
       SELECT $1::varchar, person.id, $2::varchar, $3::timestamptz FROM unnest($4::varchar[]) AS person (id)
        ORDER BY person.id
       ON CONFLICT (group_id, person_id) DO NOTHING
       RETURNING person_id`,
      [group.id, group.organizationId, now, [...personIds]],
    );
    return rows.map((row) => row.person_id);
  }

  async assignGroupDocuments(group: MembershipGroup, personIds: readonly string[], now: Date): Promise<void> {
    await activeManager(this.db).query(
      `INSERT INTO document_assignments (document_id, person_id, organization_id, group_id, created_at)
       SELECT grouped.document_id, person.id, $2::varchar, $1::varchar, $3::timestamptz
         FROM group_documents grouped CROSS JOIN unnest($4::varchar[]) AS person (id)
        WHERE grouped.group_id = $1::varchar
        ORDER BY grouped.document_id, person.id
       ON CONFLICT (document_id, person_id) DO NOTHING`,
      [group.id, group.organizationId, now, [...personIds]],
    );
  }

  async findIssuableDocuments(group: MembershipGroup, personIds: readonly string[]): Promise<IssuableDocument[]> {
    const rows: IssuableRow[] = await activeManager(this.db).query(
      `SELECT person.id AS person_id, person.full_name, person.email, document.id AS document_id,
              document.latest_revision_id
         FROM group_documents grouped
         JOIN documents document ON document.id = grouped.document_id AND document.organization_id = $2
         CROSS JOIN unnest($3::varchar[]) AS member (id)
         JOIN people person ON person.id = member.id AND person.organization_id = $2
        WHERE grouped.group_id = $1
          AND ${ISSUABLE}
        ORDER BY person.id, document.id`,
      [group.id, group.organizationId, [...personIds], [...OPEN_STATUSES]],
    );
    return rows.map(toIssuable);
  }

  async removeMember(organizationId: string, groupId: string, personId: string): Promise<boolean> {
    const [rows]: [unknown[], number] = await activeManager(this.db).query(
      `DELETE FROM group_memberships WHERE group_id = $1 AND person_id = $2 AND organization_id = $3 RETURNING person_id`,
      [groupId, personId, organizationId],
    );
    return rows.length > 0;
  }
}
