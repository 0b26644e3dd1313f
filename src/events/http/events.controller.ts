import { Controller, Get, Param, Query } from '@nestjs/common';
import { listItems, UlidPathPipe } from '@lib/http';
import type { Principal } from '../../identity/application/principal';
import { CurrentPrincipal } from '../../identity/http/current-principal.decorator';
import { ListEvents } from '../application/list-events.use-case';
import { ListRequestEvents } from '../application/list-request-events.use-case';
import type { FeedEventType } from '../domain/event-type';
import { DEFAULT_EVENTS_LIMIT, ListEventsQuery } from './events.dto';
import { EventFeedPage, EventList } from './event.response';
import { EventsEndpoint, RequestEventsEndpoint } from './events-endpoints';

@Controller()
export class EventsController {
  constructor(
    private readonly listEvents: ListEvents,
    private readonly listRequestEvents: ListRequestEvents,
  ) {}

  @Get('events')
  @EventsEndpoint({
    operationId: 'listEvents',
    summary: 'Read the event feed',
    description:
      "The organization's events in the order they were recorded, after `after`. Polling with `after` = the last " +
      'id received gets every event exactly once, even when concurrent transactions commit out of order: an event ' +
      'is shown once no transaction that could still write an earlier one is open (with no long transaction open, ' +
      'at once after its commit). Events are kept 30 days at least.',
    success: { status: 200, description: 'Up to `limit` events, oldest first.', type: EventFeedPage },
    unprocessable:
      "`after` not a ULID or not one of the organization's events (start again without it); an unknown `type`; " +
      '`limit` outside 1..100 or not a whole number.',
  })
  async feed(@CurrentPrincipal() principal: Principal, @Query() query: ListEventsQuery) {
    const { events, hasMore } = await this.listEvents.execute({
      organizationId: principal.organization.id,
      after: query.after ? query.after.toLowerCase() : null,
      types: query.type ? [...new Set(listItems(query.type) as FeedEventType[])] : null,
      limit: query.limit ?? DEFAULT_EVENTS_LIMIT,
    });
    return { data: events.map((event) => JSON.parse(event.body) as object), has_more: hasMore };
  }

  @Get('attestation-requests/:id/events')
  @RequestEventsEndpoint({
    operationId: 'listAttestationRequestEvents',
    summary: "List an attestation request's events",
    description:
      'Every event recorded for one request of the organization, oldest first, in the same shape as the feed. ' +
      "Another organization's request, or a malformed id, answers 404.",
    success: { status: 200, description: 'Its events, oldest first, as in the feed.', type: EventList },
  })
  async forRequest(@CurrentPrincipal() principal: Principal, @Param('id', UlidPathPipe) id: string) {
    return {
      data: await this.listRequestEvents.execute({
        organizationId: principal.organization.id,
        attestationRequestId: id,
      }),
    };
  }
}
