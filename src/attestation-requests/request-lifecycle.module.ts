import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { MeteredLifecycleSchedule } from '../metrics/metered-lifecycle-schedule';
import { Metrics } from '../metrics/metrics';
import { LifecycleSchedule } from './application/lifecycle-schedule';
import { AttestationRequestsModule } from './attestation-requests.module';
import { BullmqLifecycleSchedule } from './infrastructure/bullmq-lifecycle-schedule';
import { InProcessLifecycleSchedule } from './infrastructure/in-process-lifecycle-schedule';
import { REQUEST_LIFECYCLE_SETTINGS, RequestLifecycle, RequestLifecycleSettings } from './request-lifecycle';

/** The scheduled lifecycle passes; loaded where emails are delivered (the worker, or the embedded API). */
@Module({})
export class RequestLifecycleModule {
  static forRoot(settings: RequestLifecycleSettings): DynamicModule {
    return {
      module: RequestLifecycleModule,
      imports: [AttestationRequestsModule],
      providers: [
        { provide: REQUEST_LIFECYCLE_SETTINGS, useValue: settings },
        {
          provide: LifecycleSchedule,
          inject: [AppConfig, Metrics],
          useFactory: (config: AppConfig, metrics: Metrics) =>
            new MeteredLifecycleSchedule(
              config.redisUrl ? new BullmqLifecycleSchedule(config) : new InProcessLifecycleSchedule(),
              metrics,
            ),
        },
        RequestLifecycle,
      ],
      exports: [RequestLifecycle],
    };
  }
}
