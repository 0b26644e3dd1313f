import {
  BeforeApplicationShutdown,
  DynamicModule,
  Inject,
  Injectable,
  Logger,
  Module,
  OnApplicationBootstrap,
} from '@nestjs/common';
import { ListCounters } from './application/list-counters';
import { RecountListCounters } from './application/recount-list-counters.use-case';
import { SettleListCounters } from './application/settle-list-counters.use-case';
import { TypeormListCounters } from './infrastructure/typeorm-list-counters';

const SETTLE_EVERY_MS = Symbol('SETTLE_EVERY_MS');

/** Runs the settling pass every so often in the worker (and the embedded API); each run is safe alongside others. */
@Injectable()
class CounterSettling implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('ListCounters');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly settle: SettleListCounters,
    @Inject(SETTLE_EVERY_MS) private readonly everyMs: number,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.running = this.settle.execute().then(
        ({ fellDue, folded, pruned }) => {
          if (fellDue + folded + pruned > 0)
            this.logger.log(
              `settled: ${fellDue} fell due, ${folded} document(s) folded, ${pruned} stale people count(s) and mark(s) dropped`,
            );
        },
        (error: Error) => this.logger.warn(`settling the counters failed: ${error.message}`),
      );
    }, this.everyMs);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}

/** The lists' maintained totals and attestation counts: recount and repair (admin CLI), settling (worker). */
@Module({
  providers: [{ provide: ListCounters, useClass: TypeormListCounters }, RecountListCounters, SettleListCounters],
  exports: [RecountListCounters, SettleListCounters],
})
export class ListCountersModule {
  /** With the periodic settling pass, for the process that runs the scheduled work. */
  static withSettling(everyMs: number): DynamicModule {
    return {
      module: ListCountersModule,
      providers: [{ provide: SETTLE_EVERY_MS, useValue: everyMs }, CounterSettling],
    };
  }
}
