import { Transform } from 'class-transformer';
import { Field, rules, trimmed, trimmedOrNull } from '@lib/common';
import { RECIPIENT_MESSAGE_MAX_LENGTH } from '../domain/attestation-request';

/**
 * POST /attestation-requests. `requested_attestation_type` is deprecated and ignored: it has no field here, so
 * the validation pipe strips it whatever its value. Strings are trimmed and an empty message is none, as Laravel does.
 */
export class CreateAttestationRequestBody {
  @Transform(trimmed)
  @Field({ required: true }, rules.string, rules.ulid)
  person_id!: string;

  @Transform(trimmed)
  @Field({ required: true }, rules.string, rules.ulid)
  document_id!: string;

  @Transform(trimmedOrNull)
  @Field({ nullable: true }, rules.string, rules.maxLength(RECIPIENT_MESSAGE_MAX_LENGTH))
  recipient_message?: string | null;
}
