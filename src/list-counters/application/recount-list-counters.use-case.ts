import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import { CounterCheck, ListCounters } from './list-counters';

/**
 * `counters:recount`: compares every maintained total and attestation count with a from-scratch recount and, when
 * asked, repairs what differs and checks again.
 */
@Injectable()
export class RecountListCounters {
  constructor(
    private readonly counters: ListCounters,
    private readonly clock: Clock,
  ) {}

  async execute(input: {
    organizationId: string | null;
    repair: boolean;
  }): Promise<{ before: CounterCheck; repaired: number; after: CounterCheck | null }> {
    const now = this.clock.now();
    const before = await this.counters.check(input.organizationId, now);
    if (!input.repair) return { before, repaired: 0, after: null };
    const repaired = await this.counters.repair(input.organizationId, now);
    return { before, repaired, after: await this.counters.check(input.organizationId, this.clock.now()) };
  }
}
