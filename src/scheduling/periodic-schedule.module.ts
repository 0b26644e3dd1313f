import {
  BeforeApplicationShutdown,
  DynamicModule,
  Inject,
  Injectable,
  Module,
  ModuleMetadata,
  OnApplicationBootstrap,
  Type,
} from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { MeteredPeriodicSchedule } from './infrastructure/metered-periodic-schedule';
import { Metrics } from '../metrics/metrics';
import { PeriodicPasses } from './application/periodic-passes';
import { PeriodicSchedule } from './application/periodic-schedule';
import { BullmqPeriodicSchedule } from './infrastructure/bullmq-periodic-schedule';
import { InProcessPeriodicSchedule } from './infrastructure/in-process-periodic-schedule';

const QUEUE_NAME = Symbol('PERIODIC_SCHEDULE_QUEUE_NAME');
const EVERY_MS = Symbol('PERIODIC_PASSES_EVERY_MS');

/** Starts the passes once the application is up; stops them, the pass in hand finished, before it closes. */
@Injectable()
class ScheduledPasses implements OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(
    private readonly schedule: PeriodicSchedule,
    private readonly passes: PeriodicPasses,
    @Inject(EVERY_MS) private readonly everyMs: number,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.schedule.start(this.passes.tasks, (task) => this.passes.run(task), this.everyMs);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.schedule.close();
  }
}

/**
 * Runs a module's `PeriodicPasses` every `intervalMs` on a `PeriodicSchedule` of their own: on the BullMQ queue
 * `queueName` when REDIS_URL is set (the worker), or a timer in this process (the embedded API); every pass is
 * timed and counted in the metrics. One queue per module, so passes of different modules never wait for each other.
 * `imports` are what the passes need; the passes are exported (a test may run one by hand).
 */
@Module({})
export class PeriodicScheduleModule {
  static forPasses(
    passes: Type<PeriodicPasses>,
    options: { queueName: string; intervalMs: number; imports: ModuleMetadata['imports'] },
  ): DynamicModule {
    return {
      module: PeriodicScheduleModule,
      imports: options.imports,
      providers: [
        // Also makes each queue's module distinct to Nest, which tells dynamic modules apart by their metadata.
        { provide: QUEUE_NAME, useValue: options.queueName },
        { provide: EVERY_MS, useValue: options.intervalMs },
        {
          provide: PeriodicSchedule,
          inject: [AppConfig, QUEUE_NAME, Metrics],
          useFactory: (config: AppConfig, name: string, metrics: Metrics) =>
            new MeteredPeriodicSchedule(
              config.redisUrl ? new BullmqPeriodicSchedule(config, name) : new InProcessPeriodicSchedule(name),
              metrics,
            ),
        },
        passes,
        { provide: PeriodicPasses, useExisting: passes },
        ScheduledPasses,
      ],
      exports: [passes],
    };
  }
}
