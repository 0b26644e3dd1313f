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

/** The types of the events people, documents and groups record: the same feed, the same webhooks. */
export const RESOURCE_EVENT_TYPES = [
  'person.created',
  'person.updated',
  'person.archived',
  'person.restored',
  'document.created',
  'document.updated',
  'document.revision_published',
  'document.archived',
  'document.restored',
  'group.created',
  'group.updated',
  'group.deleted',
  'group.members_added',
  'group.members_removed',
  'group.documents_added',
  'group.documents_removed',
] as const;

export type ResourceEventType = (typeof RESOURCE_EVENT_TYPES)[number];

/** Every type the feed shows and webhook endpoints subscribe to. */
export const FEED_EVENT_TYPES = [...REQUEST_EVENT_TYPES, ...RESOURCE_EVENT_TYPES] as const;

export type FeedEventType = (typeof FEED_EVENT_TYPES)[number];

/** The event `POST /webhook-endpoints/{id}/test` delivers; it belongs to no request and is not in the feed. */
export const TEST_EVENT_TYPE = 'webhook.test';

export type EventType = FeedEventType | typeof TEST_EVENT_TYPE;

export function isFeedEventType(value: unknown): value is FeedEventType {
  return typeof value === 'string' && (FEED_EVENT_TYPES as readonly string[]).includes(value);
}
