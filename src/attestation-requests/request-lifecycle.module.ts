import { DynamicModule, Module } from '@nestjs/common';
import { scheduledPassesModule } from '../scheduling/scheduled-passes.module';
import { LIFECYCLE_QUEUE_NAME } from './application/lifecycle-schedule';
import { AttestationRequestsModule } from './attestation-requests.module';
import { RequestLifecycle } from './request-lifecycle';

/** The scheduled lifecycle passes; loaded where emails are delivered (the worker, or the embedded API). */
@Module({})
export class RequestLifecycleModule {
  static forRoot(settings: { intervalMs: number }): DynamicModule {
    return scheduledPassesModule(RequestLifecycleModule, {
      passes: RequestLifecycle,
      imports: [AttestationRequestsModule],
      queue: LIFECYCLE_QUEUE_NAME,
      everyMs: settings.intervalMs,
    });
  }
}
