import { ApiPropertyOptional } from '@nestjs/swagger';
import { Field, rules, TrimmedTextField } from '@lib/http';
import { GROUP_NAME_MAX_LENGTH } from '../domain/group';

const NAME = { minLength: 1, maxLength: GROUP_NAME_MAX_LENGTH, example: 'Warehouse staff' } as const;

/** POST /groups. */
export class CreateGroupBody {
  @TrimmedTextField('required', NAME)
  name!: string;

  @ApiPropertyOptional({
    type: Boolean,
    default: false,
    description: 'Send signature requests to people added to the group, and to its members for documents added to it.',
    example: true,
  })
  @Field({}, rules.boolean)
  auto_issue_requests?: boolean;
}

/** PATCH /groups/{id}: the fields of POST /groups, each optional; absent ones keep their value. */
export class UpdateGroupBody {
  @TrimmedTextField('requiredWhenPresent', NAME)
  name?: string;

  @ApiPropertyOptional({
    type: Boolean,
    description: 'Switching it on issues nothing to the current members: only to people and documents added later.',
    example: true,
  })
  @Field({}, rules.boolean)
  auto_issue_requests?: boolean;
}
