import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';
import { from, lastValueFrom, Observable } from 'rxjs';
import type { AuthenticatedRequest } from '../../identity/http/current-principal.decorator';
import { RunIdempotently } from '../application/run-idempotently.use-case';
import { requestFingerprint } from '../domain/request-fingerprint';
import type { KeyedRequest } from './idempotent-route';

export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/**
 * Runs every keyed POST and PATCH inside one transaction with its key (see RunIdempotently). Registered after
 * the body interceptor, so a body that is not JSON answers 400/413 first; the route's own validation (pipes) and
 * handler run inside, after the 409 and the replay-or-422 decision. The handler's repositories and use-cases join
 * the transaction through the unit of work, so its rows, its outbox entries and the stored answer commit together.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(private readonly runIdempotently: RunIdempotently) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<KeyedRequest & AuthenticatedRequest>();
    const key = request.idempotencyKey;
    const principal = request.principal;
    if (key === undefined || !principal) return next.handle();
    const response = context.switchToHttp().getResponse<Response>();
    const path = new URL(request.originalUrl ?? request.url, 'http://internal').pathname;
    let answered: unknown;
    const outcome = this.runIdempotently.execute({
      organizationId: principal.organization.id,
      key,
      fingerprint: requestFingerprint({ method: request.method, path, body: request.body }),
      // next.handle() is called here, inside the transaction's async context, which the route then inherits.
      operation: async () => {
        answered = await lastValueFrom(next.handle(), { defaultValue: undefined });
        return { status: response.statusCode, body: answered === undefined ? null : JSON.stringify(answered) };
      },
    });
    return from(
      outcome.then(({ status, body, replayed }) => {
        if (!replayed) return answered;
        response.status(status);
        response.setHeader(IDEMPOTENT_REPLAYED_HEADER, 'true');
        return body === null ? undefined : (JSON.parse(body) as unknown);
      }),
    );
  }
}
