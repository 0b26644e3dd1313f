import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { MeteredPeriodicSchedule } from './infrastructure/metered-periodic-schedule';
import { Metrics } from '../metrics/metrics';
import { PeriodicSchedule } from './application/periodic-schedule';
import { BullmqPeriodicSchedule } from './infrastructure/bullmq-periodic-schedule';
import { InProcessPeriodicSchedule } from './infrastructure/in-process-periodic-schedule';

const QUEUE_NAME = Symbol('PERIODIC_SCHEDULE_QUEUE_NAME');

/**
 * A `PeriodicSchedule` of its own for the importing module, on the BullMQ queue `queueName` when REDIS_URL is set
 * (the worker), or a timer in this process (the embedded API); every pass is timed and counted in the metrics. One queue per importer, so passes of different
 * modules never wait for each other.
 */
@Module({})
export class PeriodicScheduleModule {
  static forQueue(queueName: string): DynamicModule {
    return {
      module: PeriodicScheduleModule,
      providers: [
        // Also makes each queue's module distinct to Nest, which tells dynamic modules apart by their metadata.
        { provide: QUEUE_NAME, useValue: queueName },
        {
          provide: PeriodicSchedule,
          inject: [AppConfig, QUEUE_NAME, Metrics],
          useFactory: (config: AppConfig, name: string, metrics: Metrics) =>
            new MeteredPeriodicSchedule(
              config.redisUrl ? new BullmqPeriodicSchedule(config, name) : new InProcessPeriodicSchedule(name),
              metrics,
            ),
        },
      ],
      exports: [PeriodicSchedule],
    };
  }
}
