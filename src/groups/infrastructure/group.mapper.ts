import { Group } from '../domain/group';
import { GroupRecord } from './group.record';
import type { GroupRow } from './groups-list.sql';

export const groupMapper = {
  toDomain: (r: GroupRecord): Group =>
    new Group(r.id, r.organizationId, r.name, r.autoIssueRequests, r.createdAt, r.updatedAt),
  fromRow: (r: GroupRow): Group =>
    new Group(r.id, r.organization_id, r.name, r.auto_issue_requests, r.created_at, r.updated_at),
  // The entity's fields are the record's, by name.
  toRecord: (g: Group): GroupRecord => Object.assign(new GroupRecord(), g),
};
