import { CanActivate, createParamDecorator, ExecutionContext, Inject, Injectable, mixin, Type } from '@nestjs/common';
import type { Request } from 'express';
import { isUlid, NotFoundError } from '@lib/core';
import type { FindsInOrganization } from '../application/organization-scope';
import type { AuthenticatedRequest } from './current-principal.decorator';

type PathRequest = Request & AuthenticatedRequest & { foundInPath?: Record<string, unknown> };

/**
 * A guard that answers 404 for a path parameter (`param`) that is malformed or names no row of the caller's
 * organization, before the body or the query is validated (the contract checks path parameters first): guards
 * run after the global authentication, rate-limit, billing and role guards and before any interceptor or pipe.
 * What it found is kept on the request for `@FoundInPath(param)`, so the route need not read it again.
 */
export function OrganizationPathGuard<T>(
  param: string,
  finder: abstract new (...args: never[]) => FindsInOrganization<T>,
  notFoundMessage?: string,
): Type<CanActivate> {
  @Injectable()
  class PathGuard implements CanActivate {
    constructor(@Inject(finder) private readonly rows: FindsInOrganization<T>) {}

    async canActivate(context: ExecutionContext): Promise<boolean> {
      const request = context.switchToHttp().getRequest<PathRequest>();
      const id = request.params[param];
      if (id === undefined) return true;
      const organizationId = request.principal?.organization.id;
      if (!organizationId || !isUlid(id)) throw new NotFoundError(notFoundMessage);
      const found = await this.rows.findInOrganization(organizationId, id.toLowerCase());
      if (!found) throw new NotFoundError(notFoundMessage);
      request.foundInPath = { ...request.foundInPath, [param]: found };
      return true;
    }
  }
  return mixin(PathGuard);
}

/** The row an OrganizationPathGuard found for the path parameter `param` of this route. */
export const FoundInPath = createParamDecorator((param: string, context: ExecutionContext): unknown => {
  const found = context.switchToHttp().getRequest<PathRequest>().foundInPath?.[param];
  if (found === undefined) throw new Error(`FoundInPath('${param}') used on a route without its path guard`);
  return found;
});
