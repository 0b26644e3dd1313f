import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { FieldErrors, ValidationFailedError } from '@lib/core';
import { displayName, Field, PageQuery, Rule, rules, trimmedOrNull } from '@lib/http';
import { isFeedEventType, FEED_EVENT_TYPES, FeedEventType } from '../../events/domain/event-type';
import { ENDPOINT_URL_MAX_LENGTH } from '../domain/endpoint-url';
import { ENDPOINT_DESCRIPTION_MAX_LENGTH } from '../domain/webhook-endpoint';

const boolean: Rule = {
  test: (v) => typeof v === 'boolean',
  message: (a) => `The ${a} field must be true or false.`,
};

const EVENTS_DESCRIPTION =
  'Event types to deliver (distinct; a repeated one counts once). Absent on creation, or null, means every type, ' +
  'types added later included. The test event is delivered whatever this says.';

const eventsSchema: ApiPropertyOptions = {
  type: 'array',
  items: { type: 'string', enum: [...FEED_EVENT_TYPES] },
  minItems: 1,
  nullable: true,
  description: EVENTS_DESCRIPTION,
  example: ['attestation_request.attested', 'attestation_request.expired'],
};

/** The endpoint's free text, the same on creation and update: trimmed, null or blank clears it. */
const DescriptionField = () =>
  applyDecorators(
    ApiPropertyOptional({
      type: String,
      nullable: true,
      maxLength: ENDPOINT_DESCRIPTION_MAX_LENGTH,
      example: 'Payroll sync',
    }),
    Transform(trimmedOrNull),
    Field({ nullable: true }, rules.string, rules.maxLength(ENDPOINT_DESCRIPTION_MAX_LENGTH)),
  );

/** POST /webhook-endpoints. */
export class CreateWebhookEndpointBody {
  @ApiProperty({
    format: 'uri',
    maxLength: ENDPOINT_URL_MAX_LENGTH,
    description:
      'An absolute https URL whose host is not, and does not resolve to, a private, loopback, link-local or ' +
      'unique-local address (`localhost` included). With WEBHOOK_ALLOW_PRIVATE_NETWORKS=true, http and private ' +
      'addresses are allowed.',
    example: 'https://hooks.example.com/attestations',
  })
  @Field({ required: true }, rules.string)
  url!: string;

  @ApiPropertyOptional(eventsSchema)
  @Field({ nullable: true }, rules.array, rules.minItems(1))
  events?: unknown[] | null;

  @DescriptionField()
  description?: string | null;
}

/** PATCH /webhook-endpoints/{id}: the fields given change, with the rules of creation. */
export class UpdateWebhookEndpointBody {
  @ApiPropertyOptional({
    format: 'uri',
    maxLength: ENDPOINT_URL_MAX_LENGTH,
    description: 'As on creation.',
    example: 'https://hooks.example.com/attestations',
  })
  @Field({}, rules.string)
  url?: string;

  @ApiPropertyOptional({
    ...eventsSchema,
    description: `${EVENTS_DESCRIPTION} null sets every type again.`,
  } as ApiPropertyOptions)
  @Field({ nullable: true }, rules.array, rules.minItems(1))
  events?: unknown[] | null;

  @DescriptionField()
  description?: string | null;

  @ApiPropertyOptional({
    type: Boolean,
    description: 'false stops deliveries of events (pending ones fail without being sent); true resumes them.',
    example: false,
  })
  @Field({}, boolean)
  enabled?: boolean;
}

export class ListWebhookEndpointsQuery extends PageQuery {}
export class ListWebhookDeliveriesQuery extends PageQuery {}

/** `events` as given (distinct, in order), or null; an unknown type is reported under `events.N`. */
export function eventTypesOf(values: unknown[] | null | undefined): FeedEventType[] | null | undefined {
  if (values === undefined || values === null) return values;
  const errors: FieldErrors = {};
  values.forEach((value, index) => {
    const field = `events.${index}`;
    if (!rules.string.test(value)) errors[field] = [rules.string.message(displayName(field))];
    else if (!isFeedEventType(value)) errors[field] = [`The selected ${displayName(field)} is invalid.`];
  });
  if (Object.keys(errors).length > 0) throw new ValidationFailedError(errors);
  return [...new Set(values as FeedEventType[])];
}
