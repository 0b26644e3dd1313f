import { Transform } from 'class-transformer';
import { ArchivablePageQuery, Field, Rule, rules, trimmed, trimmedOrNull } from '@lib/common';
import { PERSON_EMAIL_MAX_LENGTH, PERSON_NAME_MAX_LENGTH } from '../domain/person';
import { PHONE_INPUT_MAX_LENGTH, toE164 } from '../domain/phone-number';

const phoneNumber: Rule = {
  test: (v) => typeof v === 'string' && toE164(v) !== null,
  message: (a) => `The ${a} field must be a valid phone number.`,
};

/** GET /people. An empty filter is no filter. */
export class ListPeopleQuery extends ArchivablePageQuery {
  @Transform(trimmedOrNull)
  @Field({ nullable: true }, rules.string, rules.ulid)
  id?: string | null;

  @Transform(trimmedOrNull)
  @Field({ nullable: true }, rules.string, rules.maxLength(255))
  name?: string | null;

  @Transform(trimmedOrNull)
  @Field({ nullable: true }, rules.string, rules.maxLength(255))
  email?: string | null;

  @Transform(trimmedOrNull)
  @Field({ nullable: true }, rules.string, rules.maxLength(50))
  phone?: string | null;
}

/** POST /people. Strings are trimmed first, as Laravel does; an empty first name or phone is null. */
export class CreatePersonBody {
  @Transform(trimmed)
  @Field({ required: true }, rules.string, rules.maxLength(PERSON_NAME_MAX_LENGTH))
  last_name!: string;

  @Transform(trimmed)
  @Field({ required: true }, rules.string, rules.email, rules.maxLength(PERSON_EMAIL_MAX_LENGTH))
  email!: string;

  @Transform(trimmedOrNull)
  @Field({ nullable: true }, rules.string, rules.maxLength(PERSON_NAME_MAX_LENGTH))
  first_name?: string | null;

  @Transform(trimmedOrNull)
  @Field({ nullable: true }, rules.string, rules.maxLength(PHONE_INPUT_MAX_LENGTH), phoneNumber)
  phone?: string | null;
}
