import type { HeaderObject } from '@nestjs/swagger';

/**
 * The response headers of the contract, described once under `components.headers` and referenced by every
 * response that always carries them.
 */
export const API_HEADERS = {
  'X-Request-Id': {
    description:
      "Identifies the request in the service's logs: the client's own `X-Request-Id` when it is 1 to 128 " +
      'letters, digits or `. _ : -`, otherwise a generated UUID.',
    required: true,
    schema: { type: 'string', maxLength: 128 },
  },
  'X-RateLimit-Limit': {
    description: 'Requests allowed per minute for this token (for a request without a valid token: for this IP).',
    required: true,
    schema: { type: 'integer', minimum: 1 },
  },
  'X-RateLimit-Remaining': {
    description: 'Requests left in the current minute.',
    required: true,
    schema: { type: 'integer', minimum: 0 },
  },
  'X-RateLimit-Reset': {
    description: 'Unix time, in seconds, when a request will be accepted again.',
    required: true,
    schema: { type: 'integer', minimum: 0 },
  },
  'Retry-After': {
    description: 'Whole seconds to wait before retrying.',
    required: true,
    schema: { type: 'integer', minimum: 1 },
  },
} satisfies Record<string, HeaderObject>;

export type ApiHeaderName = keyof typeof API_HEADERS;

export const headerRefs = (...names: ApiHeaderName[]) =>
  Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));
