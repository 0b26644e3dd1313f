import { ApiProperty } from '@nestjs/swagger';
import { ApiDateTime, ApiUlid, DataList, Paginated, ResponseSchema } from '@lib/http';
import { SUPPORTED_LANGUAGES } from '@lib/core';
import type { PersonSnapshot } from '../application/person-snapshot';
import { PERSON_SOURCES } from '../domain/person';

/** What `presentPerson` answers and a person's events carry, described for the OpenAPI document. */
@ResponseSchema('Person', 'Someone in the organization who can be placed in groups and asked to attest documents.')
export class PersonResponse implements Record<keyof PersonSnapshot, unknown> {
  @ApiUlid('The person.')
  id!: string;

  @ApiUlid('The organization the person belongs to.')
  organization_id!: string;

  @ApiProperty({ type: String, nullable: true, description: 'Null when not provided.', example: 'Ada' })
  first_name!: string | null;

  @ApiProperty({ example: 'Lovelace' })
  last_name!: string;

  @ApiProperty({ description: '`first_name last_name`, or the last name alone.', example: 'Ada Lovelace' })
  name!: string;

  @ApiProperty({
    format: 'email',
    description: 'Unique within the organization, ignoring case.',
    example: 'ada@example.com',
  })
  email!: string;

  @ApiProperty({ type: String, nullable: true, description: 'International number in E.164.', example: '+14155552671' })
  phone!: string | null;

  @ApiProperty({ enum: [...PERSON_SOURCES], description: 'How the person was created; `oauth` through this API.' })
  source!: string;

  @ApiProperty({ type: String, nullable: true, description: 'Identifier in the originating system.' })
  source_id!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: "The identity provider's id for the person (SCIM `externalId`); null unless provisioned by SCIM.",
    example: '00u1abcd2EFGH3ijk4l5',
  })
  external_id!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'The login the identity provider gave (SCIM `userName`), unique ignoring case; null unless provisioned.',
    example: 'ada@example.com',
  })
  user_name!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'The language the person reads their emails, attestation page and certificate in (BCP 47: one of ' +
      `${SUPPORTED_LANGUAGES.join(', ')}, optionally with a region). Null: the organization's \`default_locale\`.`,
    example: 'fr-CA',
  })
  locale!: string | null;

  @ApiDateTime('Null while the person is active.', { nullable: true })
  archived_at!: string | null;

  @ApiDateTime('When the person was created.')
  created_at!: string;

  @ApiDateTime('When the person last changed.')
  updated_at!: string;
}

export const PersonPage = Paginated(PersonResponse, 'PersonPage', 'A page of people, oldest first.');
export const PersonList = DataList(
  PersonResponse,
  'PersonList',
  'GET /people with `id`: that person, or nobody; no links or meta.',
);
