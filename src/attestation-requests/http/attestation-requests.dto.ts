import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { CommaListFilter, Field, PageQuery, Rule, rules, trimmed, trimmedOrNull, ULID_INPUT_PATTERN } from '@lib/http';
import {
  RECIPIENT_MESSAGE_MAX_LENGTH,
  REQUEST_DELIVERIES,
  REQUEST_SOURCES,
  RequestDelivery,
} from '../domain/attestation-request';
import { ATTESTATION_REQUEST_STATUSES } from '../domain/attestation-request-status';

/**
 * POST /attestation-requests. `requested_attestation_type` is deprecated and ignored: it has no field here, so
 * the validation pipe strips it whatever its value. Strings are trimmed and an empty message is none, as Laravel does.
 */
export class CreateAttestationRequestBody {
  @ApiProperty({
    pattern: ULID_INPUT_PATTERN,
    description: 'A person of the organization.',
    example: '01jd7x5m3q4r8s9t0v1w2x3y4z',
  })
  @Transform(trimmed)
  @Field({ required: true }, rules.string, rules.ulid)
  person_id!: string;

  @ApiProperty({
    pattern: ULID_INPUT_PATTERN,
    description: 'A document of the organization with a published revision.',
    example: '01jd7x6a2b3c4d5e6f7g8h9j0k',
  })
  @Transform(trimmed)
  @Field({ required: true }, rules.string, rules.ulid)
  document_id!: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: RECIPIENT_MESSAGE_MAX_LENGTH,
    description: 'Shown in the request emails and on the attestation page; empty means none.',
    example: 'Please read and sign the updated code of conduct by Friday.',
  })
  @Transform(trimmedOrNull)
  @Field({ nullable: true }, rules.string, rules.maxLength(RECIPIENT_MESSAGE_MAX_LENGTH))
  recipient_message?: string | null;

  @ApiPropertyOptional({
    enum: [...REQUEST_DELIVERIES],
    default: 'email',
    description:
      '`email` (default): the service emails the page link, then the reminders. `none`: no email at all; the ' +
      'request is `sent` all the same and the integrator hands the link over itself (see the signing URL).',
    example: 'none',
  })
  @Field({}, rules.string, rules.oneOf(REQUEST_DELIVERIES))
  delivery?: RequestDelivery;

  /** Described for clients only: without a `Field` the validation pipe strips it, whatever its value. */
  @ApiPropertyOptional({
    enum: ['signature'],
    deprecated: true,
    description: 'Deprecated and ignored: requests are always created as `signature`.',
    example: 'signature',
  })
  requested_attestation_type?: string;
}

/**
 * RFC 3339 / ISO 8601 date-time with seconds and a zone (`Z` or `±HH:MM`); a fraction of any length. A `+` left
 * unencoded in a query string arrives as a space, so a space before the offset is read as `+`.
 */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:[Zz]|([+\- ])(\d{2}):(\d{2}))$/;

/**
 * The instant a date-time names, cut to the millisecond (the precision the API shows), or null when the text is
 * not one or names no real date (2026-02-30, 24:00).
 */
export function parseDateTime(text: string): Date | null {
  const match = DATE_TIME.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number);
  const [fraction, sign, offsetHours, offsetMinutes] = match.slice(7);
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return null;
  if (sign && (Number(offsetHours) > 23 || Number(offsetMinutes) > 59)) return null;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  date.setUTCHours(hour, minute, second, Number((fraction ?? '').padEnd(3, '0').slice(0, 3)));
  const offsetMs = sign ? (sign === '-' ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes)) * 60_000 : 0;
  return new Date(date.getTime() - offsetMs);
}

const dateTime: Rule = {
  test: (v) => typeof v === 'string' && parseDateTime(v) !== null,
  message: (a) => `The ${a} field must be a valid date-time with a time zone (ISO 8601).`,
};

const quotedList = (values: readonly string[]) => values.map((value) => `\`${value}\``).join(', ');

/** GET /attestation-requests. An empty filter is no filter; ids in either case. */
export class ListAttestationRequestsQuery extends PageQuery {
  @ApiPropertyOptional({
    type: String,
    pattern: ULID_INPUT_PATTERN,
    description: "That person's requests; another organization's person matches nothing.",
  })
  @Transform(trimmedOrNull)
  @Field({ nullable: true }, rules.string, rules.ulid)
  person_id?: string | null;

  @ApiPropertyOptional({
    type: String,
    pattern: ULID_INPUT_PATTERN,
    description: "That document's requests; another organization's document matches nothing.",
  })
  @Transform(trimmedOrNull)
  @Field({ nullable: true }, rules.string, rules.ulid)
  document_id?: string | null;

  @CommaListFilter(ATTESTATION_REQUEST_STATUSES, {
    description: `Comma-separated statuses, any of them: ${quotedList(ATTESTATION_REQUEST_STATUSES)}.`,
    example: 'sent,viewed',
  })
  status?: string | null;

  @CommaListFilter(REQUEST_SOURCES, {
    description: `Comma-separated sources, any of them: ${quotedList(REQUEST_SOURCES)}.`,
    example: 'oauth,system',
  })
  source?: string | null;

  @ApiPropertyOptional({
    type: String,
    format: 'date-time',
    description:
      'Requests with `updated_at` at or after this instant, compared to the millisecond (a finer fraction is cut). ' +
      'With `Z` or an offset.',
    example: '2026-11-22T10:15:30.123Z',
  })
  @Transform(trimmedOrNull)
  @Field({ nullable: true }, rules.string, dateTime)
  updated_since?: string | null;
}
