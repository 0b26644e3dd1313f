import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import { UnitOfWork } from '../../database/unit-of-work';
import {
  IdempotencyKeyInProgressError,
  IdempotentResponse,
  type ResponseSnapshot,
} from '../domain/idempotent-response';
import { IdempotentResponses } from './idempotent-responses';

export interface RunIdempotentlyInput {
  organizationId: string;
  key: string;
  /** `requestFingerprint` of the request: the same key may only answer the same request. */
  fingerprint: string;
  /** The request itself; it runs inside this use-case's transaction, and its writes join it. */
  operation: () => Promise<ResponseSnapshot>;
}

export interface IdempotentOutcome extends ResponseSnapshot {
  /** True when the stored answer of an earlier request is given and the operation did not run. */
  replayed: boolean;
}

/**
 * Runs a request under its Idempotency-Key, all in one transaction: take the key (409 when another request holds
 * it), answer the stored response of the same request (422 for another request), or else run the operation and
 * store its successful answer before the commit. The effect and its record therefore commit together or not at
 * all: a crash before the commit leaves neither, and the retry runs afresh.
 */
@Injectable()
export class RunIdempotently {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly responses: IdempotentResponses,
    private readonly clock: Clock,
  ) {}

  execute(input: RunIdempotentlyInput): Promise<IdempotentOutcome> {
    return this.unitOfWork.run(async () => {
      if (!(await this.responses.claim(input.organizationId, input.key))) {
        throw new IdempotencyKeyInProgressError();
      }
      const now = this.clock.now();
      const stored = await this.responses.find(input.organizationId, input.key);
      if (stored && !stored.isExpired(now)) return { ...stored.replayFor(input.fingerprint), replayed: true };

      const response = await input.operation();
      if (IdempotentResponse.isKept(response.status)) {
        await this.responses.save(
          IdempotentResponse.record({
            organizationId: input.organizationId,
            key: input.key,
            fingerprint: input.fingerprint,
            response,
            now,
          }),
        );
      }
      return { ...response, replayed: false };
    });
  }
}
