import { ApiProperty } from '@nestjs/swagger';
import { Field, rules, ULID_INPUT_PATTERN } from '@lib/http';

export const MAX_PEOPLE_PER_ADD = 100;

/**
 * POST /groups/{group}/people. The array's shape is checked here; its elements (ULID, distinct, an active
 * person of the organization) by the use-case, which reports them as `person_ids.N`.
 */
export class AddPeopleToGroupBody {
  @ApiProperty({
    type: 'array',
    items: { type: 'string', pattern: ULID_INPUT_PATTERN },
    minItems: 1,
    maxItems: MAX_PEOPLE_PER_ADD,
    uniqueItems: true,
    description: 'Distinct ids of active people of the organization.',
    example: ['01jd7x5m3q4r8s9t0v1w2x3y4z', '01jd7x5m3q4r8s9t0v1w2x3y5a'],
  })
  @Field({ required: true }, rules.array, rules.minItems(1), rules.maxItems(MAX_PEOPLE_PER_ADD))
  person_ids!: unknown[];
}
