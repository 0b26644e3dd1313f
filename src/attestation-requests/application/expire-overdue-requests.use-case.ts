import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import { UnitOfWork } from '../../database/unit-of-work';
import { AttestationRequestRepository } from './attestation-request.repository';
import { inBatches } from './batched-pass';

const LIMITS = { batchSize: 200, maxBatches: 50 };

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
  execute(): Promise<string[]> {
    return inBatches(LIMITS, () =>
      this.unitOfWork.run(async () => {
        const now = this.clock.now();
        const overdue = await this.requests.lockOverdueAcrossOrganizations({ now, limit: LIMITS.batchSize });
        for (const request of overdue) {
          request.expire(now);
          await this.requests.save(request);
        }
        return { taken: overdue.length, requestIds: overdue.map((request) => request.id) };
      }),
    );
  }
}
