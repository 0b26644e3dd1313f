import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Field, rules, trimmed, trimmedOrNull, ULID_INPUT_PATTERN } from '@lib/common';
import { RECIPIENT_MESSAGE_MAX_LENGTH } from '../domain/attestation-request';

/**
 * POST /attestation-requests. `requested_attestation_type` is deprecated and ignored: it has no field here, so
 * the validation pipe strips it whatever its value. Strings are trimmed and an empty message is none, as Laravel does.
 */
export class CreateAttestationRequestBody {
  @ApiProperty({ pattern: ULID_INPUT_PATTERN, description: 'A person of the organization.' })
  @Transform(trimmed)
  @Field({ required: true }, rules.string, rules.ulid)
  person_id!: string;

  @ApiProperty({
    pattern: ULID_INPUT_PATTERN,
    description: 'A document of the organization with a published revision.',
  })
  @Transform(trimmed)
  @Field({ required: true }, rules.string, rules.ulid)
  document_id!: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: RECIPIENT_MESSAGE_MAX_LENGTH,
    description: 'Shown in the request emails and on the attestation page; empty means none.',
  })
  @Transform(trimmedOrNull)
  @Field({ nullable: true }, rules.string, rules.maxLength(RECIPIENT_MESSAGE_MAX_LENGTH))
  recipient_message?: string | null;

  /** Described for clients only: without a `Field` the validation pipe strips it, whatever its value. */
  @ApiPropertyOptional({
    enum: ['signature'],
    deprecated: true,
    description: 'Deprecated and ignored: requests are always created as `signature`.',
  })
  requested_attestation_type?: string;
}
