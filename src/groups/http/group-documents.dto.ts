import { ApiProperty } from '@nestjs/swagger';
import { Field, rules, ULID_INPUT_PATTERN } from '@lib/http';

export const MAX_DOCUMENTS_PER_ADD = 100;

/**
 * POST /groups/{group}/documents. The array's shape is checked here; its elements (ULID, distinct, an active
 * document of the organization) by the use-case, which reports them as `document_ids.N`.
 */
export class AddDocumentsToGroupBody {
  @ApiProperty({
    type: 'array',
    items: { type: 'string', pattern: ULID_INPUT_PATTERN },
    minItems: 1,
    maxItems: MAX_DOCUMENTS_PER_ADD,
    uniqueItems: true,
    description:
      'Distinct ids of active (not archived) documents of the organization; unpublished ones and ones not ' +
      'requiring a signature join too, but issue no request.',
    example: ['01jd7x6a2b3c4d5e6f7g8h9j0k', '01jd7x6a2b3c4d5e6f7g8h9j1m'],
  })
  @Field({ required: true }, rules.array, rules.minItems(1), rules.maxItems(MAX_DOCUMENTS_PER_ADD))
  document_ids!: unknown[];
}
