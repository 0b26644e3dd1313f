import { DynamicModule, Module } from '@nestjs/common';
import { scheduledPassesModule } from '../scheduling/scheduled-passes.module';
import { IDEMPOTENCY_SWEEP_QUEUE, IdempotencyKeySweep } from './idempotency-key-sweep';
import { IdempotencyModule } from './idempotency.module';

/** The scheduled sweep of expired keys; loaded where the lifecycle passes run (the worker, or the embedded API). */
@Module({})
export class IdempotencyKeySweepModule {
  static forRoot(settings: { intervalMs: number }): DynamicModule {
    return scheduledPassesModule(IdempotencyKeySweepModule, {
      passes: IdempotencyKeySweep,
      imports: [IdempotencyModule],
      queue: IDEMPOTENCY_SWEEP_QUEUE,
      everyMs: settings.intervalMs,
    });
  }
}
