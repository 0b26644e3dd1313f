import { Injectable } from '@nestjs/common';
import { ValidationFailedError } from '@lib/core';
import type { FeedEventType } from '../domain/event-type';
import { EventFeed, StoredEvent } from './event-feed';

/** GET /events: the organization's request events after a given one, each shown once (see EventFeed.page). */
@Injectable()
export class ListEvents {
  constructor(private readonly feed: EventFeed) {}

  async execute(input: {
    organizationId: string;
    after: string | null;
    types: FeedEventType[] | null;
    limit: number;
  }): Promise<{ events: StoredEvent[]; hasMore: boolean }> {
    let position = null;
    if (input.after !== null) {
      position = await this.feed.positionOf(input.organizationId, input.after);
      if (!position) throw ValidationFailedError.single('after', 'The selected after is invalid.');
    }
    const rows = await this.feed.page({
      organizationId: input.organizationId,
      after: position,
      types: input.types,
      limit: input.limit + 1,
    });
    return { events: rows.slice(0, input.limit), hasMore: rows.length > input.limit };
  }
}
