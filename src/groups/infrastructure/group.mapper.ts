import { Group } from '../domain/group';
import { groupFromRow, GroupRecord } from './group.record';

export const groupMapper = {
  toDomain: (r: GroupRecord): Group => Group.restore({ ...r }),
  fromRow: groupFromRow,
  // The entity's fields are the record's, by name.
  toRecord: (g: Group): GroupRecord => Object.assign(new GroupRecord(), g.toSnapshot()),
};
