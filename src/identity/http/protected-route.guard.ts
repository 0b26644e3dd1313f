import { CanActivate, ExecutionContext, Inject } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { accessPolicyOf } from '@lib/http';
import type { AuthenticatedRequest } from './current-principal.decorator';

/** The request and response a step of the pipeline checks. */
export interface ProtectedExchange {
  request: Request & AuthenticatedRequest;
  response: Response;
}

/**
 * A step of the request pipeline that every route but the public ones goes through (token, rate limit,
 * subscription): the step says only what it checks.
 */
export abstract class ProtectedRouteGuard implements CanActivate {
  // A property, so that each step's constructor names only what is its own.
  @Inject(Reflector) private readonly reflector!: Reflector;

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (accessPolicyOf(this.reflector, context) === 'public') return true;
    const http = context.switchToHttp();
    return this.check({ request: http.getRequest<Request & AuthenticatedRequest>(), response: http.getResponse() });
  }

  /** True to let the request through; an ApiException to refuse it. */
  protected abstract check(exchange: ProtectedExchange): Promise<boolean> | boolean;
}
