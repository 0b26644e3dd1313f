import { Module } from '@nestjs/common';
import { EventLog } from './application/event-log';
import { TypeormEventLog } from './infrastructure/typeorm-event-log';

/** The event log: what happened to attestation requests, recorded with each change, read by the feed and webhooks. */
@Module({
  providers: [{ provide: EventLog, useClass: TypeormEventLog }],
  exports: [EventLog],
})
export class EventsModule {}
