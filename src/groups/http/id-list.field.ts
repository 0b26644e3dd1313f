import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Field, rules, ULID_INPUT_PATTERN } from '@lib/http';

/** How many ids one add takes at most. */
export const MAX_IDS_PER_ADD = 100;

/**
 * A body's list of ids that join a group. The array's shape is checked here; its elements (ULID, distinct, an
 * active one of the organization) by the use-case, which reports them as `<field>.N`.
 */
export function IdListField(description: string, example: string[]): PropertyDecorator {
  return applyDecorators(
    ApiProperty({
      type: 'array',
      items: { type: 'string', pattern: ULID_INPUT_PATTERN },
      minItems: 1,
      maxItems: MAX_IDS_PER_ADD,
      uniqueItems: true,
      description,
      example,
    }),
    Field({ required: true }, rules.array, rules.minItems(1), rules.maxItems(MAX_IDS_PER_ADD)),
  );
}
