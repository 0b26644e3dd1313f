import { Injectable } from '@nestjs/common';
import { NotFoundError } from '@lib/core';
import { EventFeed } from './event-feed';

/** One event as integrators see it: `{id, type, timestamp, data}`. */
export interface PublicEvent {
  id: string;
  type: string;
  timestamp: string;
  data: object;
}

/**
 * A request's events, oldest first, as `GET /attestation-requests/{id}/events` and the evidence (issue 13) show
 * them. NotFoundError when the organization has no such request.
 */
@Injectable()
export class ListRequestEvents {
  constructor(private readonly feed: EventFeed) {}

  async execute(input: { organizationId: string; attestationRequestId: string }): Promise<PublicEvent[]> {
    const events = await this.feed.forRequest(input.organizationId, input.attestationRequestId);
    if (events === null) throw new NotFoundError('Not found.');
    return events.map((event) => JSON.parse(event.body) as PublicEvent);
  }
}
