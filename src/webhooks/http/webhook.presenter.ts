import { isoTimestamp, isoTimestampOrNull } from '@lib/http';
import type { WebhookDelivery } from '../domain/webhook-delivery';
import type { WebhookEndpoint } from '../domain/webhook-endpoint';

export function presentWebhookEndpoint(endpoint: WebhookEndpoint) {
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: endpoint.eventTypes,
    description: endpoint.description,
    enabled: endpoint.enabled,
    created_at: isoTimestamp(endpoint.createdAt),
    updated_at: isoTimestamp(endpoint.updatedAt),
  };
}

export function presentWebhookDelivery(delivery: WebhookDelivery) {
  return {
    id: delivery.id,
    event_id: delivery.eventId,
    event_type: delivery.eventType,
    attempt: delivery.attempt,
    status: delivery.status,
    response_status: delivery.responseStatus,
    error: delivery.error,
    duration_ms: delivery.durationMs,
    created_at: isoTimestamp(delivery.createdAt),
    next_attempt_at: isoTimestampOrNull(delivery.nextAttemptAt),
  };
}
