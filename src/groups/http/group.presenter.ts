import { isoTimestamp } from '@lib/http';
import type { GroupDocument } from '../application/add-documents-to-group.use-case';
import type { GroupMembership } from '../application/add-people-to-group.use-case';
import type { Group } from '../domain/group';

/** The contract's Group. */
export function presentGroup(group: Group) {
  return {
    id: group.id,
    organization_id: group.organizationId,
    name: group.name,
    created_at: isoTimestamp(group.createdAt),
    updated_at: isoTimestamp(group.updatedAt),
  };
}

/** GET, POST and PATCH of one group: the Group plus its setting (the list keeps the contract's shape). */
export function presentGroupDetails(group: Group) {
  return { ...presentGroup(group), auto_issue_requests: group.autoIssueRequests };
}

/** POST /groups/{group}/people: one membership per person asked for. */
export function presentMemberships(memberships: readonly GroupMembership[]) {
  return { data: memberships.map((m) => ({ group_id: m.groupId, person_id: m.personId })) };
}

/** POST /groups/{group}/documents: one entry per document asked for. */
export function presentGroupDocuments(added: readonly GroupDocument[]) {
  return { data: added.map((entry) => ({ group_id: entry.groupId, document_id: entry.documentId })) };
}
