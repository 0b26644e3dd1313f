import { ApiProperty } from '@nestjs/swagger';
import { SUPPORTED_LANGUAGES } from '@lib/core';
import { ApiDateTime, ApiUlid, ResponseSchema } from '@lib/http';

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
      `(BCP 47: one of ${SUPPORTED_LANGUAGES.join(', ')}, optionally with a region).`,
    example: 'en',
  })
  default_locale!: string;

  @ApiDateTime('When the organization was created.')
  created_at!: string;

  @ApiDateTime('When the organization last changed.')
  updated_at!: string;
}
