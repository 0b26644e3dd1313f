import { CanActivate, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { NotFoundError } from '@lib/core';
import { isUlid } from '@lib/core';

/**
 * Step 6 of the pipeline for every API route at once: every path parameter under /api/v1 is a resource id, and a
 * malformed one answers 404 before the body is looked at (a guard runs before interceptors and pipes, so this
 * precedes the 400 for a body that is not JSON and the 422 of validation). Existence in the organization is
 * checked by the use-case or a route's own guard.
 */
/** The same words the use-cases answer for an unknown id of that kind. */
const NOT_FOUND: Record<string, string> = { group: 'Group not found.' };

export class PathIdGuard implements CanActivate {
  /** `isPublic` tells the routes without resources (the API description's assets), which keep their parameters. */
  constructor(private readonly isPublic: (context: ExecutionContext) => boolean) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    if (!/^\/api\/v1\//i.test(request.originalUrl ?? request.url) || this.isPublic(context)) return true;
    for (const [name, value] of Object.entries(request.params ?? {})) {
      if (!isUlid(value)) throw new NotFoundError(NOT_FOUND[name] ?? 'Not found.');
    }
    return true;
  }
}
