import { DynamicModule, Module } from '@nestjs/common';
import { EventLogLag } from './application/event-log-lag';
import { EVENT_LOG_WATCH_SETTINGS, EventLogWatch, EventLogWatchSettings } from './event-log-watch';
import { TypeormEventLogLag } from './infrastructure/typeorm-event-log-lag';

/** The watch on the event log's watermark; loaded where webhooks are delivered (the worker, or the embedded API). */
@Module({})
export class EventLogWatchModule {
  static forRoot(settings: EventLogWatchSettings): DynamicModule {
    return {
      module: EventLogWatchModule,
      providers: [
        { provide: EVENT_LOG_WATCH_SETTINGS, useValue: settings },
        { provide: EventLogLag, useClass: TypeormEventLogLag },
        EventLogWatch,
      ],
      exports: [EventLogWatch],
    };
  }
}
