import { Catch, HttpException, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { DomainError, ValidationFailedError } from '@lib/core';
import { ApiException, DoorFilter, isInfrastructureOutage } from '@lib/http';
import { ScimError, ScimType } from '../domain/scim-error';
import { ERROR_SCHEMA } from '../domain/scim-schemas';
import { SCIM_CONTENT_TYPE } from './scim-request';

interface ScimAnswer {
  status: number;
  scimType?: ScimType;
  detail: string;
  headers?: Record<string, string>;
}

/**
 * The SCIM door's errors (RFC 7644 §3.12): every failure on /scim/v2, whoever raised it (the door, the use-cases
 * behind it, the body parser, the token check), answers the Error schema with `status` as a string, and `scimType`
 * where the RFC names one. Nothing internal reaches the client: an unexpected error is logged and answered 500.
 */
@Catch()
export class ScimErrorFilter extends DoorFilter {
  private readonly logger = new Logger('ScimErrorFilter');

  protected answer(exception: unknown, response: Response): void {
    sendScimError(response, this.scimAnswer(exception));
  }

  private scimAnswer(exception: unknown): ScimAnswer {
    if (exception instanceof ScimError) {
      return { status: exception.status, scimType: exception.scimType ?? undefined, detail: exception.message };
    }
    if (exception instanceof DomainError) return domainAnswer(exception);
    if (exception instanceof ApiException) return apiAnswer(exception);
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      if (status < 500) return { status, detail: status === 404 ? 'Resource not found.' : exception.message };
    }
    if (isInfrastructureOutage(exception)) {
      return { status: 503, detail: 'Service unavailable, try again.', headers: { 'Retry-After': '5' } };
    }
    this.logger.error({ err: exception instanceof Error ? exception.stack : String(exception) }, 'unexpected error');
    return { status: 500, detail: 'Server error.' };
  }
}

export function sendScimError(response: Response, answer: ScimAnswer): void {
  const body: Record<string, unknown> = {
    schemas: [ERROR_SCHEMA],
    status: String(answer.status),
    detail: answer.detail,
  };
  if (answer.scimType) body.scimType = answer.scimType;
  for (const [name, value] of Object.entries(answer.headers ?? {})) response.setHeader(name, value);
  response.status(answer.status).setHeader('Content-Type', SCIM_CONTENT_TYPE).send(JSON.stringify(body));
}

/** A rule of the use-cases: a value taken by someone else is `uniqueness`, any other broken rule `invalidValue`. */
function domainAnswer(error: DomainError): ScimAnswer {
  switch (error.code) {
    case 'not_found':
      return { status: 404, detail: 'Resource not found.' };
    case 'validation_failed': {
      const messages = Object.values((error as ValidationFailedError).errors).flat();
      if (messages.some((message) => message.endsWith('has already been taken.'))) {
        return { status: 409, scimType: 'uniqueness', detail: error.message };
      }
      return { status: 400, scimType: 'invalidValue', detail: error.message };
    }
    case 'conflict':
    case 'illegal_transition':
      return { status: 409, detail: error.message };
    case 'invalid_request':
      return { status: 400, scimType: 'invalidValue', detail: error.message };
  }
}

/** What the token check, the allowance and the body parser answered, in SCIM's shape, their headers kept. */
function apiAnswer(exception: ApiException): ScimAnswer {
  const status = exception.getStatus();
  const headers = exception.headers;
  switch (status) {
    case 401:
      return { status, detail: 'A valid SCIM bearer token is required.', headers: { 'WWW-Authenticate': 'Bearer' } };
    case 429:
      return { status, detail: 'Too many requests: slow down and retry after the time given.', headers };
    case 413:
      return { status, detail: 'The request body is too large.', headers };
    case 400:
      return { status, scimType: 'invalidSyntax', detail: String(exception.body.error ?? 'The request is invalid.') };
    default:
      return {
        status,
        detail: String(exception.body.error ?? exception.body.message ?? 'The request failed.'),
        headers,
      };
  }
}
