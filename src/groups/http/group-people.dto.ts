import { Field, rules } from '@lib/common';

export const MAX_PEOPLE_PER_ADD = 100;

/**
 * POST /groups/{group}/people. The array's shape is checked here; its elements (ULID, distinct, an active
 * person of the organization) by the use-case, which reports them as `person_ids.N`.
 */
export class AddPeopleToGroupBody {
  @Field({ required: true }, rules.array, rules.minItems(1), rules.maxItems(MAX_PEOPLE_PER_ADD))
  person_ids!: unknown[];
}
