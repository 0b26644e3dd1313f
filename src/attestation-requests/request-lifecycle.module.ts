import { DynamicModule } from '@nestjs/common';
import { PeriodicScheduleModule } from '../scheduling/periodic-schedule.module';
import { LIFECYCLE_QUEUE_NAME } from './application/lifecycle-schedule';
import { AttestationRequestsModule } from './attestation-requests.module';
import { RequestLifecycle } from './request-lifecycle';

/** The lifecycle passes every `intervalMs`, where emails are delivered (the worker, or the embedded API). */
export function requestLifecycleModule(intervalMs: number): DynamicModule {
  const imports = [AttestationRequestsModule];
  return PeriodicScheduleModule.forPasses(RequestLifecycle, { queueName: LIFECYCLE_QUEUE_NAME, intervalMs, imports });
}
