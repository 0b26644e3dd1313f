import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import { UnitOfWork } from '../../database/unit-of-work';
import { AttestationRequestRepository } from './attestation-request.repository';

const BATCH = 200;
/** A bound on one pass; what is left is expired by the next. */
const MAX_BATCHES = 50;

/**
 * The scheduled expiry sweep: every request past its `expires_at` that may still expire becomes `expired`.
 * Rows are locked with SKIP LOCKED, so two workers sweeping at once share the work and never expire a
 * request twice; a request signed or canceled meanwhile is no longer selected.
 */
@Injectable()
export class ExpireOverdueRequests {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly requests: AttestationRequestRepository,
    private readonly clock: Clock,
  ) {}

  /** Answers the ids of the requests it expired. */
  async execute(): Promise<string[]> {
    const expired: string[] = [];
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const ids = await this.unitOfWork.run(async () => {
        const now = this.clock.now();
        const overdue = await this.requests.lockOverdueAcrossOrganizations({ now, limit: BATCH });
        for (const request of overdue) {
          request.expire(now);
          await this.requests.save(request);
        }
        return overdue.map((request) => request.id);
      });
      expired.push(...ids);
      if (ids.length < BATCH) break;
    }
    return expired;
  }
}
