import { ApiProperty } from '@nestjs/swagger';
import { SUPPORTED_LANGUAGES } from '@lib/core';
import { ApiUlid, ResponseSchema } from '@lib/http';

/** What GET and PATCH /organization answer (described for the OpenAPI document). */
@ResponseSchema('Organization', "The token's organization and its settings.")
export class OrganizationResponse {
  @ApiUlid('The organization.')
  id!: string;

  @ApiProperty({ example: 'Analytical Engines Ltd' })
  name!: string;

  @ApiProperty({
    description:
      'The language of the emails, attestation page and certificate of people without a `locale` of their own ' +
      `(BCP 47: one of ${SUPPORTED_LANGUAGES.join(', ')}, optionally with a region). \`en\` until changed.`,
    example: 'en',
  })
  default_locale!: string;

  @ApiProperty({
    type: 'array',
    items: { type: 'string' },
    description: 'The origins that may frame the attestation page (none by default).',
    example: ['https://hr.example.com'],
  })
  signing_frame_origins!: string[];
}
