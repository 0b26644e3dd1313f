import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import express, { NextFunction, Request, RequestHandler, Response } from 'express';
import { ApiException } from './api-exception';

export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * A revision's content may hold 500,000 characters. Escaped in JSON as `\uXXXX` pairs (12 bytes for a character
 * outside the BMP) that is at most 6,000,000 bytes, so any such body fits in 6 MiB with room for the other fields.
 * This route alone gets it: everything else keeps 1 MiB.
 */
export const LARGE_BODY_LIMIT_BYTES = 6 * 1024 * 1024;
// Express matches routes ignoring case and a trailing slash; so must this. One route: a list when there are more.
const REVISION_ROUTE = /^\/api\/v1\/documents\/[^/]+\/revisions\/?$/i;

export function bodyLimitFor(method: string, path: string): number {
  return method === 'POST' && REVISION_ROUTE.test(path) ? LARGE_BODY_LIMIT_BYTES : BODY_LIMIT_BYTES;
}

/** "1 MiB", "6 MiB". */
export function describeBodyLimit(bytes: number): string {
  return `${bytes / (1024 * 1024)} MiB`;
}

type RequestWithBodyError = Request & { bodyError?: { status?: number; type?: string }; bodyLimit?: number };

/**
 * No request of the contract needs more than a few hundred values or a few levels of nesting. Bigger shapes
 * are refused before any DTO mapping: class-transformer's cost grows with the square of the key count (a 1 MiB
 * body of 120k keys blocked the process for 16 s) and it recurses, so deep nesting overflowed the stack.
 */
export const BODY_MAX_DEPTH = 32;
export const BODY_MAX_VALUES = 10_000;

/** Walks the parsed body without recursion and says whether it stays within the limits above. */
export function isReasonablySized(body: unknown): boolean {
  const pending: Array<{ value: unknown; depth: number }> = [{ value: body, depth: 0 }];
  let values = 0;
  while (pending.length > 0) {
    const { value, depth } = pending.pop()!;
    if (++values > BODY_MAX_VALUES || depth > BODY_MAX_DEPTH) return false;
    if (typeof value === 'object' && value !== null) {
      for (const child of Object.values(value)) pending.push({ value: child, depth: depth + 1 });
    }
  }
  return true;
}

/**
 * The recipient's attestation page and the console (outside the API) read their own HTML form posts. Express
 * matches routes ignoring case, so this must too: a body consumed here would leave the page waiting for it forever.
 */
const OWN_BODY_PATHS = /^\/(attest|console)(\/|$)/i;

/**
 * Parses every body as JSON (whatever its Content-Type) up to 1 MiB (6 MiB on the routes above), but does not answer on failure:
 * the failure is remembered and answered later, after authentication, rate limit, billing and role checks,
 * so the contract's order holds (an unauthenticated caller learns nothing about body handling).
 */
export function deferredJsonBody(): RequestHandler {
  const parse = express.json({ limit: BODY_LIMIT_BYTES, strict: true, type: () => true });
  const raw = express.raw({ limit: BODY_LIMIT_BYTES, type: () => true });
  const parseLarge = express.json({ limit: LARGE_BODY_LIMIT_BYTES, strict: true, type: () => true });
  const rawLarge = express.raw({ limit: LARGE_BODY_LIMIT_BYTES, type: () => true });
  return (request: Request, response: Response, next: NextFunction) => {
    // A request without a body (every GET) has nothing to read: body-parser would only find that out itself.
    if (!hasBody(request)) {
      if (!('body' in (request as object))) request.body = undefined;
      return next();
    }
    if (OWN_BODY_PATHS.test(request.path)) return next();
    const limit = bodyLimitFor(request.method, request.path);
    (request as RequestWithBodyError).bodyLimit = limit;
    const large = limit !== BODY_LIMIT_BYTES;
    const charset = declaredCharset(request);
    // body-parser reads JSON in UTF-8 (or UTF-16) only and refuses any other declared charset; an ASCII body
    // declared ISO-8859-1 is still JSON, so other charsets are decoded here, by their label.
    const read =
      charset === null || charset.startsWith('utf-')
        ? large
          ? parseLarge
          : parse
        : decodedWith(large ? rawLarge : raw, charset);
    read(request, response, (error?: unknown) => {
      if (error) (request as RequestWithBodyError).bodyError = error as { status?: number; type?: string };
      else if (!isReasonablySized(request.body)) {
        (request as RequestWithBodyError).bodyError = { status: 400, type: 'entity.too.complex' };
        request.body = undefined;
      } else withWellFormedStrings(request.body);
      next();
    });
  };
}

/** A lone UTF-16 surrogate (`"\ud800"`) cannot be stored: PostgreSQL would keep U+FFFD. It becomes U+FFFD here, so the
 * answer shows what is stored. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** Replaces lone surrogates in every string value, without recursion (the body is already known to be bounded). */
export function withWellFormedStrings(body: unknown): void {
  const pending: unknown[] = [body];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value !== 'object' || value === null) continue;
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const child = record[key];
      if (typeof child === 'string') record[key] = child.replace(LONE_SURROGATE, '\uFFFD');
      else pending.push(child);
    }
  }
}

/** Whether a request carries a body, decided as body-parser decides it (type-is's `hasBody`). */
function hasBody(request: Request): boolean {
  return request.headers['transfer-encoding'] !== undefined || !isNaN(Number(request.headers['content-length']));
}

function declaredCharset(request: Request): string | null {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(request.headers['content-type'] ?? '');
  return match ? match[1].toLowerCase() : null;
}

/** Reads the body as bytes, decodes it with the declared charset's decoder, then parses it as JSON. */
function decodedWith(raw: RequestHandler, charset: string): RequestHandler {
  return (request, response, next) =>
    raw(request, response, (error?: unknown) => {
      if (error) return next(error);
      const bytes: unknown = request.body;
      request.body = undefined;
      if (!Buffer.isBuffer(bytes) || bytes.length === 0) return next();
      let value: unknown;
      try {
        value = JSON.parse(new TextDecoder(charset).decode(bytes));
        // Strict, as body-parser is: only an object or an array is a body.
        if (typeof value !== 'object' || value === null) throw new SyntaxError();
      } catch {
        // Not JSON in that charset, or a label no decoder knows.
        return next({ status: 400, type: 'entity.parse.failed' });
      }
      request.body = value;
      next();
    });
}

/**
 * Answers the remembered body failure (400 or 413) and insists that a body is a JSON object. The last guard of every
 * route (`guardEveryRouteLast`): after the token, rate limit, billing, role, Idempotency-Key and path checks, the
 * route's own included, before the route's validation, as the contract orders them; a guard rather than an
 * interceptor, so a GET runs through no interceptor at all.
 */
@Injectable()
export class JsonObjectBodyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<RequestWithBodyError>();
    const failure = request.bodyError;
    if (failure) {
      if (failure.status === 413 || failure.type === 'entity.too.large') {
        const limit = describeBodyLimit(request.bodyLimit ?? BODY_LIMIT_BYTES);
        throw new ApiException(413, { error: `The request body is larger than ${limit}.` });
      }
      if (failure.type === 'entity.too.complex') {
        throw new ApiException(400, {
          error: `The request body is nested deeper than ${BODY_MAX_DEPTH} levels or holds more than ${BODY_MAX_VALUES} values.`,
        });
      }
      throw new ApiException(400, { error: 'The request body is not valid JSON.' });
    }
    if (request.body === undefined || request.body === null) {
      request.body = {};
    } else if (typeof request.body !== 'object' || Array.isArray(request.body)) {
      throw new ApiException(400, { error: 'The request body must be a JSON object.' });
    }
    return true;
  }
}
