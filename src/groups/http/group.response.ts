import { ApiProperty } from '@nestjs/swagger';
import { ApiDateTime, ApiUlid, Paginated, ResponseSchema, ULID_PATTERN } from '@lib/http';

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

/** The `data` of `group.members_added` and `group.members_removed`: the group, and who joined or left it. */
@ResponseSchema('GroupMembersChange', 'A group as one group answers it, with the people who joined or left it.')
export class GroupMembersChangeResponse extends GroupDetailsResponse {
  @ApiProperty({
    type: 'array',
    items: { type: 'string', pattern: ULID_PATTERN },
    description: 'The people who joined (only those new to the group) or the one who left.',
  })
  person_ids!: string[];
}

/** The `data` of `group.documents_added` and `group.documents_removed`: the group, and what joined or left it. */
@ResponseSchema('GroupDocumentsChange', 'A group as one group answers it, with the documents added to it or removed.')
export class GroupDocumentsChangeResponse extends GroupDetailsResponse {
  @ApiProperty({
    type: 'array',
    items: { type: 'string', pattern: ULID_PATTERN },
    description: 'The documents added (only those new to the group) or the one removed.',
  })
  document_ids!: string[];
}
