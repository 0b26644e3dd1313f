import { ApiProperty } from '@nestjs/swagger';
import { DataList, Field, ResponseSchema, rules, ULID_INPUT_PATTERN } from '@lib/http';
import { MAX_GROUP_MANAGERS } from '../application/set-group-managers.use-case';

/** PUT /groups/{group}/managers: the whole list; an empty one leaves the group without managers. */
export class SetGroupManagersBody {
  @ApiProperty({
    type: 'array',
    items: { type: 'string', pattern: ULID_INPUT_PATTERN },
    minItems: 0,
    maxItems: MAX_GROUP_MANAGERS,
    uniqueItems: true,
    description: 'Distinct ids of members of the organization whose role is `group_manager`.',
    example: ['01jd7x5m3q4r8s9t0v1w2x3y4z'],
  })
  @Field({ present: true }, rules.array, rules.maxItems(MAX_GROUP_MANAGERS))
  user_ids!: unknown[];
}

@ResponseSchema('GroupManager', 'A group manager in charge of the group.')
export class GroupManagerResponse {
  @ApiProperty({ pattern: '^[0-7][0-9a-hjkmnp-tv-z]{25}$', example: '01jd7x5m3q4r8s9t0v1w2x3y4z' })
  user_id!: string;

  @ApiProperty({ example: 'Ada Lovelace' })
  name!: string;

  @ApiProperty({ format: 'email', example: 'ada@example.com' })
  email!: string;
}

export const GroupManagerList = DataList(
  GroupManagerResponse,
  'GroupManagerList',
  "The group's managers, by name then user id.",
);
