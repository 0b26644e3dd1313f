import { ApiProperty } from '@nestjs/swagger';
import { ApiDateTime, ApiUlid, Paginated, ResponseSchema } from '@lib/http';

/** What `presentGroup` answers, described for the OpenAPI document. */
@ResponseSchema('Group', 'A group of people; its documents are assigned to the people placed in it.')
export class GroupResponse {
  @ApiUlid('The group.')
  id!: string;

  @ApiUlid('The organization the group belongs to.')
  organization_id!: string;

  @ApiProperty({ example: 'Warehouse staff' })
  name!: string;

  @ApiDateTime('When the group was created.')
  created_at!: string;

  @ApiDateTime('When the group last changed.')
  updated_at!: string;
}

export const GroupPage = Paginated(GroupResponse, 'GroupPage', 'A page of groups, by name.');

@ResponseSchema('GroupDetails', 'A group with its setting: what one group answers (the list shows the Group alone).')
export class GroupDetailsResponse extends GroupResponse {
  @ApiProperty({
    description:
      'People added to the group are sent signature requests for its published documents, and documents added ' +
      'to it are sent to its members. Switching it on sends nothing to the current members by itself.',
  })
  auto_issue_requests!: boolean;
}
