import type { EventType } from './event-type';

/**
 * Something that happened, as integrators see it: `{id, type, timestamp, data}`. The body is serialised once, when
 * the event is recorded, so every delivery and every read shows the same bytes.
 */
export interface RecordedEvent {
  id: string;
  organizationId: string;
  /** null for the events of people, documents and groups, and for the test event (not in the feed). */
  attestationRequestId: string | null;
  type: EventType;
  timestamp: Date;
  /** The event as JSON: `{"id","type","timestamp","data"}`. */
  body: string;
}

export function recordEvent(input: {
  id: string;
  organizationId: string;
  attestationRequestId: string | null;
  type: EventType;
  timestamp: Date;
  data: object;
}): RecordedEvent {
  const { id, type, timestamp, data } = input;
  return {
    id,
    organizationId: input.organizationId,
    attestationRequestId: input.attestationRequestId,
    type,
    timestamp,
    body: JSON.stringify({ id, type, timestamp: timestamp.toISOString(), data }),
  };
}
