import { DynamicModule, Module } from '@nestjs/common';
import { PeriodicScheduleModule } from '../scheduling/periodic-schedule.module';
import { EventLogLag } from './application/event-log-lag';
import { ExpiredEvents } from './application/expired-events';
import { RemoveExpiredEvents } from './application/remove-expired-events.use-case';
import { EVENT_LOG_WATCH_SETTINGS, EventLogWatch, EventLogWatchSettings } from './event-log-watch';
import { EventRetentionSweep } from './event-retention-sweep';
import { TypeormEventLogLag } from './infrastructure/typeorm-event-log-lag';
import { TypeormExpiredEvents } from './infrastructure/typeorm-expired-events';

const EVENT_RETENTION_QUEUE = 'event-retention';

/** The removal of events past the retention period, which the scheduled pass runs. */
@Module({
  providers: [{ provide: ExpiredEvents, useClass: TypeormExpiredEvents }, RemoveExpiredEvents],
  exports: [RemoveExpiredEvents],
})
class EventRetentionModule {}

/**
 * The event log's upkeep where webhooks are delivered and the scheduled passes run (the worker, or the embedded
 * API): the watch on its watermark, and the removal of events past the retention period.
 */
@Module({})
export class EventLogUpkeepModule {
  static forRoot(settings: { watch: EventLogWatchSettings; retention: { intervalMs: number } }): DynamicModule {
    return {
      module: EventLogUpkeepModule,
      imports: [
        PeriodicScheduleModule.forPasses(EventRetentionSweep, {
          queueName: EVENT_RETENTION_QUEUE,
          intervalMs: settings.retention.intervalMs,
          imports: [EventRetentionModule],
        }),
      ],
      providers: [
        { provide: EVENT_LOG_WATCH_SETTINGS, useValue: settings.watch },
        { provide: EventLogLag, useClass: TypeormEventLogLag },
        EventLogWatch,
      ],
      exports: [EventLogWatch],
    };
  }
}
