import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { CommaListFilter, Field, rules, toInteger, trimmedOrNull, ULID_INPUT_PATTERN } from '@lib/http';
import { FEED_EVENT_TYPES } from '../domain/event-type';

export const DEFAULT_EVENTS_LIMIT = 100;
export const MAX_EVENTS_LIMIT = 100;

/** GET /events. */
export class ListEventsQuery {
  @ApiPropertyOptional({
    type: String,
    pattern: ULID_INPUT_PATTERN,
    description:
      "The id of the last event received: the feed continues after it. It must be one of the organization's events " +
      'still kept (30 days at least); without it, the feed starts from the beginning.',
  })
  @Transform(trimmedOrNull)
  @Field({ requiredWhenPresent: true }, rules.string, rules.ulid)
  after?: string | null;

  @CommaListFilter(FEED_EVENT_TYPES, {
    description: `Comma-separated event types to include (others are skipped): ${FEED_EVENT_TYPES.join(', ')}.`,
    example: 'attestation_request.attested,attestation_request.expired',
  })
  type?: string | null;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_EVENTS_LIMIT, default: DEFAULT_EVENTS_LIMIT })
  @Transform(toInteger)
  @Field({}, rules.integer, rules.min(1), rules.max(MAX_EVENTS_LIMIT))
  limit?: number;
}
