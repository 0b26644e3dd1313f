import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Field, PageQuery, Rule, rules, trimmed, ULID_INPUT_PATTERN } from '@lib/http';
import { parseDateTime } from '../../attestation-requests/http/attestation-requests.dto';
import { TOKEN_SCOPES } from '../domain/api-token';

const dateTime: Rule = {
  test: (v) => typeof v === 'string' && parseDateTime(v) !== null,
  message: (a) => `The ${a} field must be a valid date-time with a time zone (ISO 8601).`,
};

/** GET /api-tokens. */
export class ListApiTokensQuery extends PageQuery {}

/** POST /api-tokens. */
export class CreateApiTokenBody {
  @ApiProperty({ minLength: 1, maxLength: 255, example: 'HR sync' })
  @Transform(trimmed)
  @Field({ required: true }, rules.string, rules.maxLength(255))
  name!: string;

  @ApiPropertyOptional({ enum: TOKEN_SCOPES, default: 'api:use', example: 'api:use' })
  @Field({}, rules.string, rules.oneOf(TOKEN_SCOPES))
  scope?: (typeof TOKEN_SCOPES)[number];

  @ApiPropertyOptional({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'In the future; null or absent: the token does not expire.',
    example: '2027-06-30T00:00:00Z',
  })
  @Field({ nullable: true }, rules.string, dateTime)
  expires_at?: string | null;

  @ApiPropertyOptional({
    type: String,
    pattern: ULID_INPUT_PATTERN,
    description:
      "The member the token acts as: the caller (the default) or a group manager (a group manager's token is made " +
      'this way); never another owner or administrator.',
    example: '01jd7x4k2m3n4p5q6r7s8t9v0w',
  })
  @Field({}, rules.string, rules.ulid)
  user_id?: string;
}
