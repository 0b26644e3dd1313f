import type { EventType } from '../domain/event-type';

/** A feed event as stored: its JSON body, exactly as recorded and delivered. */
export interface StoredEvent {
  id: string;
  body: string;
}

/** Where a client is in the feed: the position of the last event it received. */
export interface FeedPosition {
  transactionId: string;
  id: string;
}

/** Reads of the event log. Every method is scoped to one organization. */
export abstract class EventFeed {
  /** The feed position of one of the organization's request events, or null (unknown, another's, removed). */
  abstract positionOf(organizationId: string, eventId: string): Promise<FeedPosition | null>;
  /**
   * Up to `limit` events after `after`, in feed order, among those whose transaction is older than every
   * transaction still running (so no event can still appear before them).
   */
  abstract page(input: {
    organizationId: string;
    after: FeedPosition | null;
    types: readonly EventType[] | null;
    limit: number;
  }): Promise<StoredEvent[]>;
  /** The request's events, oldest first; null when the organization has no such request. */
  abstract forRequest(organizationId: string, attestationRequestId: string): Promise<StoredEvent[] | null>;
}
