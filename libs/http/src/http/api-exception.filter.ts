import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DomainError, ValidationFailedError } from '@lib/core';
import { ApiException } from './api-exception';
import { isInfrastructureOutage } from './outage';
import { RouteCatalog } from './route-catalog';

export interface Answer {
  status: number;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
}

/**
 * The single place where failures become HTTP answers in the contract's shapes. Nothing internal (stack, SQL,
 * class names) ever reaches a client; unexpected errors are logged with the request id and answered 500.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  constructor(private readonly routes?: RouteCatalog) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const context = host.switchToHttp();
    const request = context.getRequest<Request>();
    const response = context.getResponse<Response>();
    const answer = this.answer(exception, request);
    if (response.headersSent) return;
    for (const [name, value] of Object.entries(answer.headers ?? {})) response.setHeader(name, value);
    response.status(answer.status).json(answer.body);
  }

  private answer(exception: unknown, request: Request): Answer {
    if (exception instanceof ApiException) {
      return { status: exception.getStatus(), body: exception.body, headers: exception.headers };
    }
    if (exception instanceof DomainError) return this.domainAnswer(exception);
    if (exception instanceof HttpException) return this.httpAnswer(exception, request);
    if (isInfrastructureOutage(exception)) {
      this.logger.warn({ err: describe(exception) }, 'dependency unavailable');
      return { status: 503, body: { error: 'Service Unavailable.' }, headers: { 'Retry-After': '5' } };
    }
    this.logger.error({ err: describe(exception) }, 'unexpected error');
    return { status: 500, body: { error: 'Server Error.' } };
  }

  private domainAnswer(error: DomainError): Answer {
    switch (error.code) {
      case 'not_found':
        return { status: 404, body: { error: error.message } };
      case 'validation_failed':
        return {
          status: 422,
          body: { message: error.message, errors: (error as ValidationFailedError).errors },
        };
      case 'invalid_request':
        return { status: 400, body: { error: error.message } };
      case 'illegal_transition':
      case 'conflict':
        return { status: 409, body: { error: error.message } };
    }
  }

  private httpAnswer(exception: HttpException, request: Request): Answer {
    const status = exception.getStatus();
    if (status === 404) return unknownRouteAnswer(this.routes, request);
    if (status === 401) return { status, body: { error: 'Unauthenticated.' } };
    if (status === 403) return { status, body: { message: 'This action is unauthorized.' } };
    if (status === 429) return { status, body: { message: 'Too Many Attempts.' } };
    if (status === 413) return { status, body: { error: 'The request body is larger than 1 MiB.' } };
    const report = exception.getResponse();
    if (status === 503 && isHealthReport(report)) {
      // A readiness probe's own answer (terminus format), without the dependencies' error messages: the probe is
      // public, and those name hosts and ports. The log keeps them.
      this.logger.warn({ report }, 'not ready');
      return { status, body: withoutMessages(report) };
    }
    if (status >= 500) {
      this.logger.error({ err: describe(exception) }, 'http exception');
      return { status, body: { error: 'Server Error.' } };
    }
    return { status, body: { error: exception.message } };
  }
}

/** No route matched: 405 with `Allow` when the path exists for other methods, else 404. */
export function unknownRouteAnswer(routes: RouteCatalog | undefined, request: Request): Answer {
  // originalUrl, not path: inside a mounted router `path` is relative to the mount point.
  const path = new URL(request.originalUrl ?? request.url, 'http://internal').pathname;
  const allowed = routes?.methodsFor(path) ?? [];
  if (allowed.length > 0) {
    return { status: 405, body: { error: 'Method Not Allowed.' }, headers: { Allow: allowed.join(', ') } };
  }
  return { status: 404, body: { error: 'Not found.' } };
}

function withoutMessages(report: Record<string, unknown>): Record<string, unknown> {
  const statusesOnly = (section: unknown) =>
    Object.fromEntries(
      Object.entries((section ?? {}) as Record<string, { status?: unknown }>).map(([name, value]) => [
        name,
        { status: value?.status },
      ]),
    );
  return {
    status: report.status,
    info: statusesOnly(report.info),
    error: statusesOnly(report.error),
    details: statusesOnly(report.details),
  };
}

function isHealthReport(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && 'status' in value && 'details' in value;
}

function describe(error: unknown): Record<string, unknown> {
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const { name, message, stack } = error as Error;
    return { type: name, message, stack };
  }
  return { value: String(error) };
}
