import { applyDecorators, HttpCode, type Type } from '@nestjs/common';
import {
  ApiExtraModels,
  ApiOperation,
  ApiParam,
  ApiResponse,
  type ApiResponseOptions,
  ApiTags,
  getSchemaPath,
  type HeaderObject,
} from '@nestjs/swagger';

/** The little of an OpenAPI schema an alternative media type needs (a string of some shape). */
type SchemaObject = { type: 'string'; pattern?: string; example?: string };
import { headerRefs } from './api-headers';
import { ErrorBody, MessageBody, PaymentRequiredBody, ValidationErrorBody } from './error-bodies';
import { ULID_INPUT_PATTERN } from './schema-properties';

export interface ApiEndpointOptions {
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  /** The answer on success. No `type` means no body (204). */
  success: {
    status: 200 | 201 | 202 | 204;
    description: string;
    type?: Type<unknown>;
    /** The body is one of these shapes (GET /people answers a page, or a bare list when filtered by id). */
    oneOf?: Type<unknown>[];
    /** The body is a file of this media type (e.g. `application/pdf`), not JSON; with its own headers. */
    file?: { mediaType: string; headers?: Record<string, HeaderObject> };
    /** Other media types the same answer is given in, chosen by `Accept` (besides `type` as JSON). */
    alternatives?: Record<string, { description: string; schema: SchemaObject }>;
  };
  /** Usable with a group manager's token too (only GET /me): never 403. */
  anyRole?: boolean;
  /** The route takes a JSON body: 400 when it is not a JSON object, 413 over 1 MiB. */
  jsonBody?: boolean;
  /** The body may be larger than 1 MiB on this route (see `bodyLimitFor`): the limit that applies, e.g. "6 MiB". */
  bodyLimit?: string;
  /** Another reason for a 400 besides the body. */
  badRequest?: string;
  /** When the route answers 404 (path ids, or ids in the body that are not in the organization). */
  notFound?: string;
  /** When the route answers 406 (an `Accept` naming none of the media types it answers in). */
  notAcceptable?: string;
  /** When the route answers 409 (a state change the resource refuses). */
  conflict?: string;
  /** When the route answers 422 (query or body validation, and the rules behind it). */
  unprocessable?: string;
}

/** Headers on every answer that went through the rate limit: all but the unexpected failures. */
const COUNTED = headerRefs('X-Request-Id', 'X-RateLimit-Limit', 'X-RateLimit-Remaining');

/**
 * Describes one authenticated operation with the responses the request pipeline gives every route (401, 402,
 * 403, 429, 500, 503), the ones the options ask for (400, 404, 413, 422) and their headers, so each route states
 * only what is its own. The statuses and bodies are those of `ApiExceptionFilter` and the guards. The route
 * answers with the success status it documents (`HttpCode`), so the two cannot differ.
 */
export function ApiEndpoint(options: ApiEndpointOptions): MethodDecorator {
  const { success } = options;
  const responses: ApiResponseOptions[] = [successResponse(success)];
  const badRequest = [
    options.jsonBody ? 'The body is not valid JSON, or not a JSON object.' : undefined,
    options.badRequest,
  ].filter(Boolean);
  if (badRequest.length > 0) {
    responses.push(failure(400, badRequest.join(' '), ErrorBody, { error: 'The request body is not valid JSON.' }));
  }
  responses.push(
    failure(
      401,
      "The bearer token is missing, unknown, revoked or expired. Counts against the client IP's allowance.",
      ErrorBody,
      { error: 'Unauthenticated.' },
    ),
  );
  responses.push(failure(402, 'The organization has no active trial or subscription.', PaymentRequiredBody));
  if (!options.anyRole) responses.push(failure(403, "A group manager's token: only GET /me is allowed.", MessageBody));
  if (options.notFound) responses.push(failure(404, options.notFound, ErrorBody, { error: 'Not found.' }));
  if (options.notAcceptable) responses.push(failure(406, options.notAcceptable, ErrorBody));
  if (options.conflict) responses.push(failure(409, options.conflict, ErrorBody));
  if (options.jsonBody) {
    const limit = options.bodyLimit ?? '1 MiB';
    responses.push(
      failure(413, `The body is larger than ${limit}.`, ErrorBody, {
        error: `The request body is larger than ${limit}.`,
      }),
    );
  }
  if (options.unprocessable) responses.push(failure(422, options.unprocessable, ValidationErrorBody));
  responses.push({
    status: 429,
    description: 'Over the limit of requests per minute for this token (or this IP, without a valid token).',
    type: MessageBody,
    headers: headerRefs(
      'X-Request-Id',
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'Retry-After',
      'X-RateLimit-Reset',
    ),
  });
  responses.push({
    status: 500,
    description: 'An unexpected failure; the body never carries internals.',
    type: ErrorBody,
    example: { error: 'Server Error.' },
    headers: headerRefs('X-Request-Id'),
  });
  responses.push({
    status: 503,
    description:
      'PostgreSQL or Redis cannot be reached, or did not answer within its bounds, right now; retry after ' +
      '`Retry-After` seconds.',
    type: ErrorBody,
    example: { error: 'Service Unavailable.' },
    headers: headerRefs('X-Request-Id', 'Retry-After'),
  });
  return applyDecorators(
    HttpCode(success.status),
    ApiOperation({ operationId: options.operationId, summary: options.summary, description: options.description }),
    ApiTags(options.tag),
    ...(success.oneOf ? [ApiExtraModels(...success.oneOf)] : []),
    ...(success.type && success.alternatives ? [ApiExtraModels(success.type)] : []),
    ...responses.map((response) => ApiResponse(response)),
  );
}

function successResponse(success: ApiEndpointOptions['success']): ApiResponseOptions {
  const base = { status: success.status, description: success.description, headers: COUNTED };
  if (success.file) {
    return {
      ...base,
      headers: { ...COUNTED, ...success.file.headers },
      content: { [success.file.mediaType]: { schema: { type: 'string', format: 'binary' } } },
    };
  }
  if (success.type && success.alternatives) {
    const content: Record<string, { schema: Record<string, unknown> }> = {
      'application/json': { schema: { $ref: getSchemaPath(success.type) } },
    };
    for (const [mediaType, alternative] of Object.entries(success.alternatives)) {
      content[mediaType] = { schema: { ...alternative.schema, description: alternative.description } };
    }
    return { ...base, content };
  }
  if (success.oneOf) {
    return { ...base, schema: { oneOf: success.oneOf.map((type) => ({ $ref: getSchemaPath(type) })) } };
  }
  return success.type ? { ...base, type: success.type } : base;
}

/** A failure answer; `example` is its own (the schema's example is shared by every status that uses it). */
function failure(status: number, description: string, type: Type<unknown>, example?: object): ApiResponseOptions {
  return { status, description, type, headers: COUNTED, ...(example ? { example } : {}) };
}

/** A ULID path parameter: either case; a malformed one answers 404 like a missing one. */
export function ApiUlidPath(name: string, description: string): MethodDecorator {
  return ApiParam({ name, description, schema: { type: 'string', pattern: ULID_INPUT_PATTERN } });
}
