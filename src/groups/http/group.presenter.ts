import { groupDetailsSnapshot, groupSnapshot } from '../application/group-snapshot';
import type { GroupDocument } from '../application/add-documents-to-group.use-case';
import type { GroupMembership } from '../application/add-people-to-group.use-case';

/** The contract's Group. */
export const presentGroup = groupSnapshot;

/** GET, POST and PATCH of one group: the Group plus its setting (the snapshot its events carry). */
export const presentGroupDetails = groupDetailsSnapshot;

/** POST /groups/{group}/people: one membership per person asked for. */
export function presentMemberships(memberships: readonly GroupMembership[]) {
  return { data: memberships.map((m) => ({ group_id: m.groupId, person_id: m.personId })) };
}

/** POST /groups/{group}/documents: one entry per document asked for. */
export function presentGroupDocuments(added: readonly GroupDocument[]) {
  return { data: added.map((entry) => ({ group_id: entry.groupId, document_id: entry.documentId })) };
}
