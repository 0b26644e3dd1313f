import { DynamicModule, Module } from '@nestjs/common';
import { PeriodicScheduleModule } from '../scheduling/periodic-schedule.module';
import { EventLogLag } from './application/event-log-lag';
import { ExpiredEvents } from './application/expired-events';
import { RemoveExpiredEvents } from './application/remove-expired-events.use-case';
import { EVENT_LOG_WATCH_SETTINGS, EventLogWatch, EventLogWatchSettings } from './event-log-watch';
import {
  EVENT_RETENTION_QUEUE,
  EVENT_RETENTION_SETTINGS,
  EventRetentionSettings,
  EventRetentionSweep,
} from './event-retention-sweep';
import { TypeormEventLogLag } from './infrastructure/typeorm-event-log-lag';
import { TypeormExpiredEvents } from './infrastructure/typeorm-expired-events';

/**
 * The event log's upkeep where webhooks are delivered and the scheduled passes run (the worker, or the embedded
 * API): the watch on its watermark, and the removal of events past the retention period.
 */
@Module({})
export class EventLogUpkeepModule {
  static forRoot(settings: { watch: EventLogWatchSettings; retention: EventRetentionSettings }): DynamicModule {
    return {
      module: EventLogUpkeepModule,
      imports: [PeriodicScheduleModule.forQueue(EVENT_RETENTION_QUEUE)],
      providers: [
        { provide: EVENT_LOG_WATCH_SETTINGS, useValue: settings.watch },
        { provide: EVENT_RETENTION_SETTINGS, useValue: settings.retention },
        { provide: EventLogLag, useClass: TypeormEventLogLag },
        { provide: ExpiredEvents, useClass: TypeormExpiredEvents },
        EventLogWatch,
        RemoveExpiredEvents,
        EventRetentionSweep,
      ],
      exports: [EventLogWatch, RemoveExpiredEvents, EventRetentionSweep],
    };
  }
}
