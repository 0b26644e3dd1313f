import type { Request } from 'express';

/** Methods whose requests take an Idempotency-Key: every POST and PATCH under /api/v1 (docs/api-guide.md). */
const KEYED_METHODS = new Set(['POST', 'PATCH']);
const API_PATH = /^\/api\/v1\//i;

export function takesIdempotencyKey(request: Request): boolean {
  return KEYED_METHODS.has(request.method) && API_PATH.test(request.originalUrl ?? request.url);
}

/** The key the guard accepted, kept on the request for the interceptor. */
export type KeyedRequest = Request & { idempotencyKey?: string };
