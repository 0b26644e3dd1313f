import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import express, { NextFunction, Request, RequestHandler, Response } from 'express';
import { Observable } from 'rxjs';
import { ApiException } from './api-exception';

export const BODY_LIMIT_BYTES = 1024 * 1024;

type RequestWithBodyError = Request & { bodyError?: { status?: number; type?: string } };

/**
 * The recipient's attestation page (outside the API) reads its own HTML form posts. Express matches routes
 * ignoring case, so this must too: a body consumed here would leave the page waiting for it forever.
 */
const OWN_BODY_PATHS = /^\/attest(\/|$)/i;

/**
 * Parses every body as JSON (whatever its Content-Type) up to 1 MiB, but does not answer on failure:
 * the failure is remembered and answered later, after authentication, rate limit, billing and role checks,
 * so the contract's order holds (an unauthenticated caller learns nothing about body handling).
 */
export function deferredJsonBody(): RequestHandler {
  const parse = express.json({ limit: BODY_LIMIT_BYTES, strict: true, type: () => true });
  return (request: Request, response: Response, next: NextFunction) => {
    if (OWN_BODY_PATHS.test(request.path)) return next();
    parse(request, response, (error?: unknown) => {
      if (error) (request as RequestWithBodyError).bodyError = error as { status?: number; type?: string };
      next();
    });
  };
}

/** Answers the remembered body failure (400 or 413) and insists that a body is a JSON object. */
@Injectable()
export class JsonObjectBodyInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<RequestWithBodyError>();
    const failure = request.bodyError;
    if (failure) {
      if (failure.status === 413 || failure.type === 'entity.too.large') {
        throw new ApiException(413, { error: 'The request body is larger than 1 MiB.' });
      }
      throw new ApiException(400, { error: 'The request body is not valid JSON.' });
    }
    if (request.body === undefined || request.body === null) {
      request.body = {};
    } else if (typeof request.body !== 'object' || Array.isArray(request.body)) {
      throw new ApiException(400, { error: 'The request body must be a JSON object.' });
    }
    return next.handle();
  }
}
