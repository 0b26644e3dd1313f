import { Module } from '@nestjs/common';
import { EventFeed } from './application/event-feed';
import { EventLog } from './application/event-log';
import { EventRecorder } from './application/event-recorder';
import { ListEvents } from './application/list-events.use-case';
import { ListRequestEvents } from './application/list-request-events.use-case';
import { ResourceEvents } from './application/resource-events';
import { EventsController } from './http/events.controller';
import { TypeormEventFeed } from './infrastructure/typeorm-event-feed';
import { TypeormEventLog } from './infrastructure/typeorm-event-log';

/**
 * The event log: what happened to attestation requests, recorded by the requests' repository in the transaction
 * of each change (through EventRecorder), and to people, documents and groups (through ResourceEvents); read by
 * the feed, a request's list and the evidence, and handed to its subscribers (webhooks).
 */
@Module({
  controllers: [EventsController],
  providers: [
    { provide: EventLog, useClass: TypeormEventLog },
    { provide: EventFeed, useClass: TypeormEventFeed },
    EventRecorder,
    ListEvents,
    ListRequestEvents,
    ResourceEvents,
  ],
  exports: [EventLog, EventRecorder, ListEvents, ListRequestEvents, ResourceEvents],
})
export class EventsModule {}
