import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArchivablePageQuery,
  Field,
  LOCALE_INPUT_MAX_LENGTH,
  Rule,
  rules,
  TextFilterField,
  trimmed,
  trimmedOrNull,
  TrimmedTextField,
  ULID_INPUT_PATTERN,
} from '@lib/http';
import { PERSON_EMAIL_MAX_LENGTH, PERSON_NAME_MAX_LENGTH } from '../domain/person';
import { PHONE_INPUT_MAX_LENGTH, toE164 } from '../domain/phone-number';

const phoneNumber: Rule = {
  test: (v) => typeof v === 'string' && toE164(v) !== null,
  message: (a) => `The ${a} field must be a valid phone number.`,
};

/** An optional text field that absent, null or empty leaves null (`first_name`, `phone`). */
function NullableTextField(maxLength: number, example: string, description: string, ...more: Rule[]) {
  return applyDecorators(
    ApiPropertyOptional({ type: String, nullable: true, maxLength, description, example }),
    Transform(trimmedOrNull),
    Field({ nullable: true }, rules.string, rules.maxLength(maxLength), ...more),
  );
}

/** `locale`: absent, null or empty leaves it null (the organization's default). */
const LocaleField = (description: string) =>
  applyDecorators(
    ApiPropertyOptional({
      type: String,
      nullable: true,
      maxLength: LOCALE_INPUT_MAX_LENGTH,
      description,
      example: 'fr-CA',
    }),
    Transform(trimmedOrNull),
    Field({ nullable: true }, rules.string, rules.locale),
  );

const FirstNameField = (description: string) => NullableTextField(PERSON_NAME_MAX_LENGTH, 'Ada', description);
const PhoneField = (description: string) =>
  NullableTextField(PHONE_INPUT_MAX_LENGTH, '+44 20 7946 0958', description, phoneNumber);

/** GET /people. An empty filter is no filter. */
export class ListPeopleQuery extends ArchivablePageQuery {
  @ApiPropertyOptional({
    type: String,
    pattern: ULID_INPUT_PATTERN,
    description: 'Exactly this person: the answer is `{ data: [person] }` or `{ data: [] }`, without links or meta.',
  })
  @Transform(trimmedOrNull)
  @Field({ nullable: true }, rules.string, rules.ulid)
  id?: string | null;

  @TextFilterField(255, 'Part of the full name, ignoring case.')
  name?: string | null;

  @TextFilterField(255, 'Part of the email, ignoring case.')
  email?: string | null;

  @TextFilterField(50, 'Part of the phone number in its E.164 form.')
  phone?: string | null;

  @ApiPropertyOptional({
    type: String,
    maxLength: 255,
    description: "Exactly this `external_id` (the identity provider's id), compared as it is.",
  })
  @Transform(trimmedOrNull)
  @Field({ nullable: true }, rules.string, rules.maxLength(255))
  external_id?: string | null;
}

const LAST_NAME = { minLength: 1, maxLength: PERSON_NAME_MAX_LENGTH, example: 'Lovelace' } as const;

/** POST /people. Strings are trimmed first, as Laravel does; an empty first name or phone is null. */
export class CreatePersonBody {
  @TrimmedTextField('required', LAST_NAME)
  last_name!: string;

  @ApiProperty({
    format: 'email',
    maxLength: PERSON_EMAIL_MAX_LENGTH,
    description: 'Trimmed; unique within the organization, ignoring case, archived people included.',
    example: 'ada@example.com',
  })
  @Transform(trimmed)
  @Field({ required: true }, rules.string, rules.email, rules.maxLength(PERSON_EMAIL_MAX_LENGTH))
  email!: string;

  @FirstNameField('Absent or empty: stored as null.')
  first_name?: string | null;

  @PhoneField('An international number (with its + and country code); stored and answered in E.164.')
  phone?: string | null;

  @LocaleField(
    'The language of their emails, attestation page and certificate (BCP 47, a supported language with an ' +
      "optional region), stored in canonical case. Absent or empty: the organization's `default_locale`.",
  )
  locale?: string | null;
}

/**
 * PATCH /people/{id}: any of the fields of POST /people, with its rules. Absent fields stay as they are;
 * `first_name` and `phone` may be null (or empty) to clear them; `last_name` and `email`, when given, need a value.
 */
export class UpdatePersonBody {
  @TrimmedTextField('requiredWhenPresent', LAST_NAME)
  last_name?: string;

  @ApiPropertyOptional({
    format: 'email',
    maxLength: PERSON_EMAIL_MAX_LENGTH,
    description:
      "Trimmed; unique within the organization, ignoring case, archived people included (the person's own email " +
      'in another letter case is not a duplicate).',
    example: 'ada@example.com',
  })
  @Transform(trimmed)
  @Field({ requiredWhenPresent: true }, rules.string, rules.email, rules.maxLength(PERSON_EMAIL_MAX_LENGTH))
  email?: string;

  @FirstNameField('Null or empty: cleared.')
  first_name?: string | null;

  @PhoneField('An international number (with its + and country code), stored in E.164; null or empty: cleared.')
  phone?: string | null;

  @LocaleField("A supported language (BCP 47, optionally with a region); null or empty: the organization's default.")
  locale?: string | null;
}

/**
 * A create or update body's fields as the use-cases name them, so adding one is one edit. An absent field stays
 * absent (an update leaves it as it is); the types are the body's own (POST's `last_name` and `email` are required).
 */
export function personDetailsOf<B extends UpdatePersonBody>(
  body: B,
): { firstName: B['first_name']; lastName: B['last_name']; email: B['email']; phone: B['phone']; locale: B['locale'] } {
  return {
    firstName: body.first_name,
    lastName: body.last_name,
    email: body.email,
    phone: body.phone,
    locale: body.locale,
  };
}
