import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Field, LOCALE_INPUT_MAX_LENGTH, rules, trimmed } from '@lib/http';

/** PATCH /organization: absent settings stay as they are. */
export class UpdateOrganizationBody {
  @ApiPropertyOptional({
    type: String,
    maxLength: LOCALE_INPUT_MAX_LENGTH,
    description:
      'The language of people without a `locale` of their own: a supported language (BCP 47), optionally with ' +
      'a region (`pt-BR`), stored in canonical case. It cannot be null.',
    example: 'fr',
  })
  @Transform(trimmed)
  @Field({ requiredWhenPresent: true }, rules.string, rules.locale)
  default_locale?: string;
}
