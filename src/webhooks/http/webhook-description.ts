import { getSchemaPath } from '@nestjs/swagger';
import { FEED_EVENT_TYPES, TEST_EVENT_TYPE } from '../../events/domain/event-type';
import { eventDataSchema } from '../../events/http/event-data';

const HEADERS = [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description: 'The event id: the same on every retry and for every endpoint; deduplicate on it.',
    schema: { type: 'string', pattern: '^[0-7][0-9a-hjkmnp-tv-z]{25}$' },
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description: 'Unix seconds of this attempt (each retry has its own); refuse ones more than 5 minutes away.',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      'Space-separated `v1,<base64 HMAC-SHA256(key, "<webhook-id>.<webhook-timestamp>.<body>")>`, one per secret ' +
      '(two for 24 hours after a rotation); key is the base64-decoded part of the secret after `whsec_`. Verify ' +
      'with any Standard Webhooks library.',
    schema: { type: 'string' },
  },
];

const RESPONSES = {
  '2XX': {
    description:
      'Received. Any other answer (3xx included), a timeout past 10 s or a connection error is a failed attempt, retried on the schedule.',
  },
};

/**
 * The OpenAPI 3.1 `webhooks` object: one entry per event type, each a POST of that event, signed as Standard
 * Webhooks 1.0 specifies. The feed events' body is the `Event` schema, its `data` the schema of what the type is
 * about; the test event's body is `WebhookTestEvent`.
 */
export function describeWebhooks(): { webhooks: Record<string, object>; schemas: Record<string, object> } {
  const webhooks: Record<string, object> = {};
  for (const type of FEED_EVENT_TYPES) {
    webhooks[type] = {
      post: {
        operationId: `webhook_${type.replace(/\W/g, '_')}`,
        summary: `Event ${type}`,
        description: 'Delivered to every enabled endpoint whose `events` take this type.',
        tags: ['Webhooks'],
        security: [],
        parameters: HEADERS,
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                allOf: [
                  { $ref: '#/components/schemas/Event' },
                  {
                    type: 'object',
                    properties: { type: { const: type }, data: { $ref: getSchemaPath(eventDataSchema(type)) } },
                  },
                ],
              },
            },
          },
        },
        responses: RESPONSES,
      },
    };
  }
  webhooks[TEST_EVENT_TYPE] = {
    post: {
      operationId: 'webhook_webhook_test',
      summary: `Event ${TEST_EVENT_TYPE}`,
      description: 'Sent by `POST /webhook-endpoints/{id}/test` to that endpoint only.',
      tags: ['Webhooks'],
      security: [],
      parameters: HEADERS,
      requestBody: {
        required: true,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/WebhookTestEvent' } } },
      },
      responses: RESPONSES,
    },
  };
  const schemas = {
    WebhookTestEvent: {
      type: 'object',
      description: 'The test event: no request, empty data.',
      additionalProperties: false,
      required: ['id', 'type', 'timestamp', 'data'],
      properties: {
        id: { type: 'string', pattern: '^[0-7][0-9a-hjkmnp-tv-z]{25}$' },
        type: { const: TEST_EVENT_TYPE },
        timestamp: { type: 'string', format: 'date-time' },
        data: { type: 'object', additionalProperties: false, properties: {} },
      },
    },
  };
  return { webhooks, schemas };
}
