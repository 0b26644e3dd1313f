/** The types of the events an attestation request records (docs/api-guide.md#events). */
export const REQUEST_EVENT_TYPES = [
  'attestation_request.created',
  'attestation_request.sent',
  'attestation_request.viewed',
  'attestation_request.attested',
  'attestation_request.canceled',
  'attestation_request.expired',
  'attestation_request.bounced',
  'attestation_request.failed',
  'attestation_request.complained',
  'attestation_request.reminded',
  'attestation_request.declined',
] as const;

export type RequestEventType = (typeof REQUEST_EVENT_TYPES)[number];

/** The event `POST /webhook-endpoints/{id}/test` delivers; it belongs to no request and is not in the feed. */
export const TEST_EVENT_TYPE = 'webhook.test';

export type EventType = RequestEventType | typeof TEST_EVENT_TYPE;

export function isRequestEventType(value: unknown): value is RequestEventType {
  return typeof value === 'string' && (REQUEST_EVENT_TYPES as readonly string[]).includes(value);
}
