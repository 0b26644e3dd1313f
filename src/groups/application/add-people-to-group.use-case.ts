import { Injectable } from '@nestjs/common';
import { GroupJoin, PEOPLE_JOINING } from './group-join';
import type { GroupTarget } from './group-scope';

export interface GroupMembership {
  groupId: string;
  personId: string;
}

/**
 * Adds people to a group (GroupJoin): each newcomer is assigned the group's documents and, when the group issues
 * requests automatically, sent one email listing the requests for those they still have to sign.
 */
@Injectable()
export class AddPeopleToGroup {
  constructor(private readonly join: GroupJoin) {}

  /** Answers one membership per requested id, in the request's order. */
  async execute(input: GroupTarget & { personIds: readonly unknown[] }): Promise<GroupMembership[]> {
    const { groupId, ids } = await this.join.execute(PEOPLE_JOINING, input, input.personIds);
    return ids.map((personId) => ({ groupId, personId }));
  }
}
