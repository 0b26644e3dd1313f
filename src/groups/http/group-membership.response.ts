import { ApiUlid, DataList, ResponseSchema } from '@lib/http';

/** One membership of POST /groups/{group}/people, described for the OpenAPI document. */
@ResponseSchema('GroupMembership', "A person's membership of a group.")
export class GroupMembershipResponse {
  @ApiUlid('The group.')
  group_id!: string;

  @ApiUlid('The person.')
  person_id!: string;
}

export const GroupMembershipList = DataList(
  GroupMembershipResponse,
  'GroupMembershipList',
  'One membership per requested person, in the order of the request.',
);
