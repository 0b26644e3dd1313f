import { isoTimestamp } from '@lib/http';
import type { Group } from '../domain/group';

/** The contract's Group. */
export function groupSnapshot(group: Group) {
  return {
    id: group.id,
    organization_id: group.organizationId,
    name: group.name,
    created_at: isoTimestamp(group.createdAt),
    updated_at: isoTimestamp(group.updatedAt),
  };
}

/**
 * GET, POST and PATCH of one group, and what its events carry: the Group plus its setting (the list keeps the
 * contract's shape).
 */
export function groupDetailsSnapshot(group: Group) {
  return { ...groupSnapshot(group), auto_issue_requests: group.autoIssueRequests };
}
