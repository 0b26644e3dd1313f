import { ApiProperty } from '@nestjs/swagger';
import { ApiDateTime, ApiUlid, Paginated, ResponseSchema } from '@lib/http';
import { FEED_EVENT_TYPES, TEST_EVENT_TYPE } from '../../events/domain/event-type';

@ResponseSchema('WebhookEndpoint', "Where the organization's events are delivered (Standard Webhooks 1.0).")
export class WebhookEndpointResponse {
  @ApiUlid('The endpoint.')
  id!: string;

  @ApiProperty({ format: 'uri', example: 'https://hooks.example.com/attestations' })
  url!: string;

  @ApiProperty({
    type: 'array',
    items: { type: 'string', enum: [...FEED_EVENT_TYPES] },
    nullable: true,
    description: 'The types delivered; null: every type, types added later included.',
  })
  events!: string[] | null;

  @ApiProperty({ type: String, nullable: true })
  description!: string | null;

  @ApiProperty({ description: 'false: no event is delivered (set by hand, or after 5 days of failed deliveries).' })
  enabled!: boolean;

  @ApiDateTime('When the endpoint was created.')
  created_at!: string;

  @ApiDateTime('When the endpoint last changed.')
  updated_at!: string;
}

@ResponseSchema(
  'WebhookEndpointWithSecret',
  'An endpoint with its signing secret, shown only when created and when its secret is rotated.',
)
export class WebhookEndpointWithSecretResponse extends WebhookEndpointResponse {
  @ApiProperty({
    pattern: '^whsec_[A-Za-z0-9+/]{43}=$',
    description: '`whsec_` and the base64 of 32 random bytes; keep it, it is never shown again.',
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw3cT5wKgh0YA=',
  })
  secret!: string;
}

@ResponseSchema('WebhookTestAccepted', 'The test event is queued for delivery to this endpoint.')
export class WebhookTestAcceptedResponse {
  @ApiUlid('The test event, as the `webhook-id` header of its delivery will carry it.')
  event_id!: string;
}

@ResponseSchema('WebhookDelivery', 'One attempt at delivering an event to an endpoint.')
export class WebhookDeliveryResponse {
  @ApiUlid('The attempt.')
  id!: string;

  @ApiUlid('The event delivered (the `webhook-id` header).')
  event_id!: string;

  @ApiProperty({ enum: [...FEED_EVENT_TYPES, TEST_EVENT_TYPE] })
  event_type!: string;

  @ApiProperty({ type: 'integer', minimum: 1, description: '1 for the first try.' })
  attempt!: number;

  @ApiProperty({ enum: ['pending', 'succeeded', 'failed'] })
  status!: string;

  @ApiProperty({ type: 'integer', nullable: true, description: "The endpoint's HTTP status; null without an answer." })
  response_status!: number | null;

  @ApiProperty({ type: String, nullable: true, description: 'Why the attempt failed; null otherwise.' })
  error!: string | null;

  @ApiProperty({ type: 'integer', nullable: true, description: 'How long the attempt took; null while pending.' })
  duration_ms!: number | null;

  @ApiDateTime('When the attempt was scheduled.')
  created_at!: string;

  @ApiDateTime('For a failed attempt followed by another: when that one runs. Null otherwise.', { nullable: true })
  next_attempt_at!: string | null;
}

export const WebhookEndpointPage = Paginated(
  WebhookEndpointResponse,
  'WebhookEndpointPage',
  'Endpoints, oldest first.',
);
export const WebhookDeliveryPage = Paginated(WebhookDeliveryResponse, 'WebhookDeliveryPage', 'Attempts, newest first.');
