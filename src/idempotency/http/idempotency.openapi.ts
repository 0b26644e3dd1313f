import type { OpenAPIObject } from '@nestjs/swagger';
import { headerRefs } from '@lib/http';
import { IDEMPOTENCY_KEY_HEADER } from '../domain/idempotency-key';
import { IDEMPOTENT_REPLAYED_HEADER } from './idempotency.interceptor';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- an OpenAPI document is edited as plain JSON
type Json = Record<string, any>;

const KEYED_METHODS = ['post', 'patch'];
const COUNTED = headerRefs('X-Request-Id', 'X-RateLimit-Limit', 'X-RateLimit-Remaining');
const ERROR = { $ref: '#/components/schemas/ErrorMessage' };
const VALIDATION_ERROR = { $ref: '#/components/schemas/ValidationError' };
const REUSED = 'The Idempotency-Key has already been used for another request.';
const BAD_KEY_EXAMPLE = {
  error: 'The Idempotency-Key header must be 1 to 255 visible ASCII characters (no spaces).',
};

const KEY_PARAMETER = {
  name: IDEMPOTENCY_KEY_HEADER,
  in: 'header',
  required: false,
  description:
    'Makes a retry safe (IETF draft-ietf-httpapi-idempotency-key-header): the first request with a key runs, and ' +
    "a successful (2xx) answer is stored with the key, for the organization, for 24 hours, in the request's own " +
    'transaction. The same request (method, path and JSON body, whatever its key order or whitespace; no body is ' +
    '`{}`) with the same key then gets that answer again with `Idempotent-Replayed: true`, and nothing else happens. ' +
    'A failure is not stored: the key may be used again. The same key with another request, or with this one ' +
    "once its stored answer can no longer be read (the service's encryption key was changed), is a 422.",
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7E]+$' },
};

const REPLAYED_HEADER = {
  description:
    'Present, `true`, only when this is the stored answer of an earlier request with the same Idempotency-Key.',
  required: false,
  schema: { type: 'string', enum: ['true'] },
};

/**
 * Adds the Idempotency-Key to every POST and PATCH of the document, whatever controller declares it: the header,
 * its 400, 409 and 422 answers, and `Idempotent-Replayed` on the successes. Done on the built document because
 * the mechanism is global too, so a route added later is described without a word in its decorators.
 */
export function describeIdempotencyKeys(document: OpenAPIObject): OpenAPIObject {
  const components = document.components as Json;
  components.parameters = { ...components.parameters, [IDEMPOTENCY_KEY_HEADER]: KEY_PARAMETER };
  components.headers = { ...components.headers, [IDEMPOTENT_REPLAYED_HEADER]: REPLAYED_HEADER };
  for (const item of Object.values(document.paths as Record<string, Json>)) {
    for (const method of KEYED_METHODS) {
      if (item[method]) describeKeyedOperation(item[method] as Json);
    }
  }
  return document;
}

function describeKeyedOperation(operation: Json): void {
  operation.parameters = [
    ...(operation.parameters ?? []),
    { $ref: `#/components/parameters/${IDEMPOTENCY_KEY_HEADER}` },
  ];
  const responses = operation.responses as Json;
  for (const [status, response] of Object.entries(responses)) {
    if (/^2/.test(status)) {
      response.headers = {
        ...response.headers,
        [IDEMPOTENT_REPLAYED_HEADER]: { $ref: `#/components/headers/${IDEMPOTENT_REPLAYED_HEADER}` },
      };
    }
  }
  addReason(
    responses,
    '400',
    'The Idempotency-Key header is empty, longer than 255 characters, or not visible ASCII.',
    ERROR,
    BAD_KEY_EXAMPLE,
  );
  addReason(
    responses,
    '409',
    'A request with the same Idempotency-Key is still running (in any API process), whatever its body.',
    ERROR,
    { error: 'A request with this Idempotency-Key is in progress.' },
  );
  addReason(
    responses,
    '422',
    'The Idempotency-Key was used in the last 24 hours for another request (method, path or body), keyed ' +
      '`Idempotency-Key`; or for this very request, whose stored answer can no longer be read because the ' +
      "service's encryption key was changed since: the request was performed and is not run again.",
    VALIDATION_ERROR,
    {
      message: REUSED,
      errors: { [IDEMPOTENCY_KEY_HEADER]: [REUSED] },
    },
  );
}

/** A new response for `status`, or one more reason on the route's own. */
function addReason(responses: Json, status: string, reason: string, schema: Json, example: object): void {
  const existing = responses[status] as Json | undefined;
  if (existing) {
    existing.description = `${existing.description} Or: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`;
    return;
  }
  responses[status] = {
    description: reason,
    headers: COUNTED,
    content: { 'application/json': { schema, example } },
  };
}
