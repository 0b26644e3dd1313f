import { DynamicModule, Module } from '@nestjs/common';
import { PeriodicScheduleModule } from '../scheduling/periodic-schedule.module';
import { LIFECYCLE_QUEUE_NAME } from './application/lifecycle-schedule';
import { AttestationRequestsModule } from './attestation-requests.module';
import { REQUEST_LIFECYCLE_SETTINGS, RequestLifecycle, RequestLifecycleSettings } from './request-lifecycle';

/** The scheduled lifecycle passes; loaded where emails are delivered (the worker, or the embedded API). */
@Module({})
export class RequestLifecycleModule {
  static forRoot(settings: RequestLifecycleSettings): DynamicModule {
    return {
      module: RequestLifecycleModule,
      imports: [AttestationRequestsModule, PeriodicScheduleModule.forQueue(LIFECYCLE_QUEUE_NAME)],
      providers: [{ provide: REQUEST_LIFECYCLE_SETTINGS, useValue: settings }, RequestLifecycle],
      exports: [RequestLifecycle],
    };
  }
}
