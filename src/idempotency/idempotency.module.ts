import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IdempotentResponses } from './application/idempotent-responses';
import { RemoveExpiredIdempotencyKeys } from './application/remove-expired-idempotency-keys.use-case';
import { RunIdempotently } from './application/run-idempotently.use-case';
import { IdempotencyKeyGuard } from './http/idempotency-key.guard';
import { IdempotencyInterceptor } from './http/idempotency.interceptor';
import { TypeormIdempotentResponses } from './infrastructure/typeorm-idempotent-responses';
import { IdempotencyKeyRecord } from './infrastructure/idempotency-key.record';

/**
 * Idempotency-Key (docs/api-guide.md) for every POST and PATCH under /api/v1: the API registers the guard and the
 * interceptor globally; the worker and the embedded API run the sweep of expired keys.
 */
@Module({
  imports: [TypeOrmModule.forFeature([IdempotencyKeyRecord])],
  providers: [
    { provide: IdempotentResponses, useClass: TypeormIdempotentResponses },
    RunIdempotently,
    RemoveExpiredIdempotencyKeys,
    IdempotencyKeyGuard,
    IdempotencyInterceptor,
  ],
  exports: [IdempotencyKeyGuard, IdempotencyInterceptor, RemoveExpiredIdempotencyKeys],
})
export class IdempotencyModule {}
