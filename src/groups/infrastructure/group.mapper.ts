import { Group } from '../domain/group';
import { GroupRecord } from './group.record';
import type { GroupRow } from './groups-list.sql';

export const groupMapper = {
  toDomain: (r: GroupRecord): Group => Group.restore({ ...r }),
  fromRow: (r: GroupRow): Group =>
    Group.restore({
      id: r.id,
      organizationId: r.organization_id,
      name: r.name,
      autoIssueRequests: r.auto_issue_requests,
      externalId: r.external_id,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    }),
  // The entity's fields are the record's, by name.
  toRecord: (g: Group): GroupRecord => Object.assign(new GroupRecord(), g.toSnapshot()),
};
