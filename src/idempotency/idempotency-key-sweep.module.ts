import { DynamicModule, Module } from '@nestjs/common';
import { PeriodicScheduleModule } from '../scheduling/periodic-schedule.module';
import {
  IDEMPOTENCY_KEY_SWEEP_SETTINGS,
  IDEMPOTENCY_SWEEP_QUEUE,
  IdempotencyKeySweep,
  IdempotencyKeySweepSettings,
} from './idempotency-key-sweep';
import { IdempotencyModule } from './idempotency.module';

/** The scheduled sweep of expired keys; loaded where the lifecycle passes run (the worker, or the embedded API). */
@Module({})
export class IdempotencyKeySweepModule {
  static forRoot(settings: IdempotencyKeySweepSettings): DynamicModule {
    return {
      module: IdempotencyKeySweepModule,
      imports: [IdempotencyModule, PeriodicScheduleModule.forQueue(IDEMPOTENCY_SWEEP_QUEUE)],
      providers: [{ provide: IDEMPOTENCY_KEY_SWEEP_SETTINGS, useValue: settings }, IdempotencyKeySweep],
      exports: [IdempotencyKeySweep],
    };
  }
}
