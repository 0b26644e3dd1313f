import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { parseIdempotencyKey } from '../domain/idempotency-key';
import { KeyedRequest, takesIdempotencyKey } from './idempotent-route';

/**
 * The key's syntax (400), checked for every POST and PATCH under /api/v1 right after the token, rate limit,
 * billing and role guards and before the body is looked at (docs/api-guide.md#request-pipeline). Registered as a
 * global guard, so a route added later is covered without a word in its controller.
 */
@Injectable()
export class IdempotencyKeyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<KeyedRequest>();
    if (!takesIdempotencyKey(request)) return true;
    const key = parseIdempotencyKey(request.headers['idempotency-key']);
    if (key !== null) request.idempotencyKey = key;
    return true;
  }
}
