import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Field, rules, trimmed } from '@lib/http';
import { GROUP_NAME_MAX_LENGTH } from '../domain/group';

/** POST /groups. */
export class CreateGroupBody {
  @ApiProperty({ minLength: 1, maxLength: GROUP_NAME_MAX_LENGTH, example: 'Warehouse staff' })
  @Transform(trimmed)
  @Field({ required: true }, rules.string, rules.maxLength(GROUP_NAME_MAX_LENGTH))
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
  @ApiPropertyOptional({ minLength: 1, maxLength: GROUP_NAME_MAX_LENGTH, example: 'Warehouse staff' })
  @Transform(trimmed)
  @Field({ requiredWhenPresent: true }, rules.string, rules.maxLength(GROUP_NAME_MAX_LENGTH))
  name?: string;

  @ApiPropertyOptional({
    type: Boolean,
    description: 'Switching it on issues nothing to the current members: only to people and documents added later.',
    example: true,
  })
  @Field({}, rules.boolean)
  auto_issue_requests?: boolean;
}
