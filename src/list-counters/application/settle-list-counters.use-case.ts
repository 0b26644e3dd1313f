import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import { ListCounters, SettleOutcome } from './list-counters';

/** The worker's periodic pass over the counters (see ListCounters.settle). */
@Injectable()
export class SettleListCounters {
  constructor(
    private readonly counters: ListCounters,
    private readonly clock: Clock,
  ) {}

  execute(): Promise<SettleOutcome> {
    return this.counters.settle(this.clock.now());
  }
}
