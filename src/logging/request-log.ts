import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { assignRequestId } from '@lib/http';
import { requestLineLevel } from './request-line-level';

/** The request being served, for the lines logged while serving it (see `requestBindings`). */
const currentRequest = new AsyncLocalStorage<IncomingMessage>();

/** The organization and token of an authenticated request, for its log line; none for anonymous ones. */
export function callerOf(request: object): Record<string, string> | undefined {
  const principal = (request as { principal?: { tokenId: string; organization: { id: string } } }).principal;
  return principal ? { organizationId: principal.organization.id, tokenId: principal.tokenId } : undefined;
}

/**
 * What of a URL goes to the logs: the path without the query (filters hold names, emails and phone numbers),
 * and never the attestation page's secret (Express routes /ATTEST/ as /attest/, so any letter case).
 */
export function loggablePath(url: string): string {
  const path = url.split('?')[0];
  return path.replace(/^(\/attest\/)[^/#]+/i, '$1[redacted]');
}

/** What a log line says of a request: its id, method and path (never the query, headers or body). */
function describeRequest(request: IncomingMessage): { id: unknown; method?: string; url: string } {
  return { id: request.id, method: request.method, url: loggablePath(request.url ?? '') };
}

/**
 * pino's `mixin`: a line logged while a request is served (an unexpected error, a rate-limit warning) carries that
 * request as `req`, read from the async context only when a line is actually written.
 */
export function requestBindings(): object {
  const request = currentRequest.getStore();
  return request ? { req: describeRequest(request) } : {};
}

/**
 * Gives every request its id (`X-Request-Id`) and writes its one line when the response ends: `request completed`
 * at info, `request errored` at error for a 5xx (the error itself is on the line the exception filter wrote, which
 * carries the same `req.id`), `request aborted` when the client went away before the response ended; with the
 * caller's organization and token ids. It replaces pino-http, which built two child loggers per request (serialising
 * the request at its start, whether its line would be written or not): about a tenth of the CPU of `GET /me`. Here
 * nothing is built for a line the configured level drops. `logger` is read when a line is written: nestjs-pino sets
 * its root logger while the application initialises, after this is mounted.
 */
export function requestLog(logger: () => Logger, configuredLevel: string) {
  const lineLevel = requestLineLevel(configuredLevel);
  return (request: IncomingMessage, response: ServerResponse, next: () => void): void => {
    request.id = assignRequestId(request, response);
    const started = Date.now();
    // A response closes once: a plain listener, without the wrapper `once` builds around it.
    response.on('close', () => {
      const level = lineLevel(response.statusCode);
      if (level === 'silent') return;
      const finished = response.writableFinished;
      const message = !finished
        ? 'request aborted'
        : response.statusCode >= 500
          ? 'request errored'
          : 'request completed';
      const line = {
        req: describeRequest(request),
        ...callerOf(request),
        // No status when the client left before the head was sent: none was answered.
        res: {
          statusCode: finished || response.headersSent ? response.statusCode : null,
          headers: response.getHeaders(),
        },
        responseTime: Date.now() - started,
      };
      logger()[level](line, message);
    });
    currentRequest.run(request, next);
  };
}
