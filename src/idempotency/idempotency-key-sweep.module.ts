import { DynamicModule } from '@nestjs/common';
import { PeriodicScheduleModule } from '../scheduling/periodic-schedule.module';
import { IdempotencyKeySweep } from './idempotency-key-sweep';
import { IdempotencyModule } from './idempotency.module';

const IDEMPOTENCY_SWEEP_QUEUE = 'idempotency-keys';

/** The sweep of expired keys every `intervalMs`, where the lifecycle passes run (the worker, or the embedded API). */
export function idempotencyKeySweepModule(intervalMs: number): DynamicModule {
  const imports = [IdempotencyModule];
  return PeriodicScheduleModule.forPasses(IdempotencyKeySweep, {
    queueName: IDEMPOTENCY_SWEEP_QUEUE,
    intervalMs,
    imports,
  });
}
