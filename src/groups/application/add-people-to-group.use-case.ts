import { Injectable } from '@nestjs/common';
import { GroupJoin, JoiningSide } from './group-join';

export interface GroupMembership {
  groupId: string;
  personId: string;
}

type PeopleToAdd = { personIds: readonly unknown[] };

/** People join: each newcomer is assigned the group's documents (the group's lock keeps them as they are). */
const PEOPLE: JoiningSide<PeopleToAdd, GroupMembership> = {
  idsOf: (input) => input.personIds,
  entry: (groupId, personId) => ({ groupId, personId }),
  field: 'person_ids',
  audited: 'group.people_added',
  lock: 'adding-people',
  findActive: (memberships, organizationId, ids) => memberships.findActivePeople(organizationId, ids),
  addMissing: (memberships, group, ids, now) => memberships.addMissingMembers(group, ids, now),
  pairs: async (memberships, group, added) => ({
    personIds: added,
    documentIds: await memberships.findGroupDocumentIds(group),
  }),
  assign: (memberships, group, added, now) => memberships.assignGroupDocuments(group, added, now),
};

/**
 * Adds people to a group (GroupJoin): each newcomer is assigned the group's documents and, when the group issues
 * requests automatically, sent one email listing the requests for those they still have to sign.
 */
@Injectable()
export class AddPeopleToGroup extends GroupJoin<PeopleToAdd, GroupMembership> {
  protected readonly side = PEOPLE;
}
