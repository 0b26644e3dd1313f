import { Group } from '../domain/group';
import { GroupRecord } from './group.record';

export const groupMapper = {
  toDomain: (r: GroupRecord): Group =>
    new Group(r.id, r.organizationId, r.name, r.autoIssueRequests, r.createdAt, r.updatedAt),
  toRecord: (g: Group): GroupRecord =>
    Object.assign(new GroupRecord(), {
      id: g.id,
      organizationId: g.organizationId,
      name: g.name,
      autoIssueRequests: g.autoIssueRequests,
      createdAt: g.createdAt,
      updatedAt: g.updatedAt,
    }),
};
