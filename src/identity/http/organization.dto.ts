import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Field, LOCALE_INPUT_MAX_LENGTH, rules, trimmed } from '@lib/http';
import { MAX_FRAME_ORIGINS } from '../domain/frame-origins';

/** PATCH /organization: each field optional; one given replaces the current value. */
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

  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'string', format: 'uri' },
    maxItems: MAX_FRAME_ORIGINS,
    description:
      'The origins (`https://host[:port]`; `http` only for localhost) that may show the attestation page in a ' +
      'frame, through its `Content-Security-Policy: frame-ancestors`. Replaces the list; `[]` allows none.',
    example: ['https://hr.example.com'],
  })
  @Field({}, rules.array, rules.maxItems(MAX_FRAME_ORIGINS))
  signing_frame_origins?: unknown[];
}
