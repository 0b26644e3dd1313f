import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { API_HEADERS } from '@lib/http';
import { describeIdempotencyKeys } from '../idempotency/http/idempotency.openapi';
import { describeWebhooks } from '../webhooks/http/webhook-description';

/** Where the API lives; the document's paths are relative to it, as in the specification. */
export const API_PREFIX = '/api/v1';
export const API_DESCRIPTION_VERSION = '1.0.0';

const OVERVIEW = `
A JSON-over-HTTPS interface for an organization's people, groups, documents and attestation (typed-name
signature) requests. Every path is relative to \`{APP_URL}/api/v1\`.

**Authentication.** Every operation needs \`Authorization: Bearer <API token>\`. A token belongs to one user in
one organization, and every answer is scoped to that organization: another organization's resource is
indistinguishable from a missing one (404). Owner and administrator tokens may call everything; a group
manager's token only \`GET /me\` (403 elsewhere). The organization needs an active trial or subscription (402).

**Order of checks.** The first failing check answers: unknown route 404 \`{"error": "Not found."}\` (a known path
with another method: 405 with an \`Allow\` header); token 401; rate limit 429; billing 402; role 403; path ids 404
(a malformed ULID included); query and body validation 422; a body that is not a JSON object 400, over 1 MiB 413
(6 MiB when publishing a revision, whose text may hold 500,000 characters).
Unexpected failures answer 500 \`{"error": "Server Error."}\` and an unreachable database or Redis 503, never
with internals.

**Idempotency-Key.** Every POST and PATCH accepts an \`Idempotency-Key\` header (1 to 255 visible ASCII
characters, else 400, checked right after the role and before the body). A successful answer is stored with the
key for 24 hours, in the same transaction as the request's effect; the same request with the same key gets it
again with \`Idempotent-Replayed: true\` and changes nothing. The same key for another request (method, path, or
JSON body): 422. While the first request with a key is still running: 409. Failures are not stored. Keys belong to
the organization.

**Rate limit.** 60 requests per minute per token, shared by all routes and all API processes; requests without
a valid token count per client IP. Every answer to an authenticated request carries \`X-RateLimit-Limit\` and
\`X-RateLimit-Remaining\`; a 429 adds \`Retry-After\` and \`X-RateLimit-Reset\`. Back off exponentially.

**Conventions.** Identifiers are lowercase ULIDs (accepted in either case). Timestamps are ISO 8601 UTC with
milliseconds (\`2026-11-22T10:15:30.123Z\`). Every answer carries \`X-Request-Id\` and, when it has a body,
\`Content-Type: application/json\` (the certificate of completion alone is \`application/pdf\`). Unknown query parameters and body fields are ignored. Lists are paginated
(\`per_page\` 1 to 100, default 25; \`page\` from 1) and their links are absolute and carry the filters.

This document is generated from the service's code and served at \`GET /api/v1/openapi.json\`; a browsable
reference is at \`GET /api/v1/docs\`. Neither needs a token nor counts against the rate limit.
`.trim();

/**
 * The OpenAPI 3.1 description of the API, read from the controllers' and DTOs' decorators. Besides the
 * application's modules it depends only on where the API is served (`APP_URL` + `/api/v1`), an absolute URL so
 * generated clients need no patching; the file `npm run openapi` writes is what a service at the default
 * APP_URL serves.
 */
export function describeApi(app: INestApplication, apiBaseUrl: string): OpenAPIObject {
  const config = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle('Attestation Service API')
    .setDescription(OVERVIEW)
    .setVersion(API_DESCRIPTION_VERSION)
    // package.json says UNLICENSED: proprietary, no licence granted; the URL says what that means.
    .setLicense(
      'UNLICENSED (proprietary, all rights reserved)',
      'https://docs.npmjs.com/cli/configuring-npm/package-json#license',
    )
    .addServer(apiBaseUrl, 'This service (APP_URL); the path prefix carries the major version.')
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        // An opaque token (`atst_` and 43 base64url characters), not a JWT.
        bearerFormat: 'opaque',
        description:
          "An API token (`atst_…`, opaque), created in the console's API settings, with `POST /api-tokens`, or " +
          'with `npm run admin -- token:create`.',
      },
      'bearer',
    )
    .addSecurityRequirements('bearer')
    .addTag('Me', 'Who the token belongs to.')
    .addTag(
      'Organization',
      "The token's organization and its settings: its people's default language, the origins that may frame the page.",
    )
    .addTag('People', "The organization's people.")
    .addTag('Documents', 'Documents to attest, with where their assignees stand.')
    .addTag('Groups', 'Groups and their members; joining a group assigns its documents.')
    .addTag('Attestation requests', 'Documents sent to people for a typed-name signature.')
    .addTag('Events', 'What happened to attestation requests, recorded with each change.')
    .addTag('Webhooks', 'Endpoints that receive the events, signed as Standard Webhooks 1.0 specifies.')
    .addTag('API tokens', "The organization's API settings: its tokens, created, listed and revoked.")
    .addTag('Audit log', 'Who did what in the organization, when and from where; append-only.')
    .addTag('Exports', "People, a document's status and the audit log as CSV, streamed as they are read.")
    .build();
  config.components = { ...config.components, headers: API_HEADERS };
  const document = SwaggerModule.createDocument(app, config, { ignoreGlobalPrefix: true, autoTagControllers: false });
  // The event deliveries an integrator receives (OpenAPI 3.1 `webhooks`), and their payload schemas.
  const { webhooks, schemas } = describeWebhooks();
  document.webhooks = webhooks;
  document.components = { ...document.components, schemas: { ...document.components?.schemas, ...schemas } };
  return inCanonicalOrder(describeIdempotencyKeys(document));
}

const METHOD_ORDER = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * Paths, operations, responses and component schemas sorted, so the document does not change when modules or
 * decorators are merely reordered, and the committed file diffs cleanly.
 */
function inCanonicalOrder(document: OpenAPIObject): OpenAPIObject {
  const paths = Object.fromEntries(
    Object.keys(document.paths)
      .sort()
      .map((path) => {
        const item = document.paths[path] as Record<string, unknown>;
        // Path-level keys (parameters, summary) first, then the operations in the usual method order.
        const rank = (key: string) => METHOD_ORDER.indexOf(key);
        const keys = Object.keys(item).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
        return [path, Object.fromEntries(keys.map((key) => [key, withSortedResponses(item[key])]))];
      }),
  );
  const { openapi, info, paths: _unsorted, components = {}, ...rest } = document;
  return {
    openapi,
    info,
    ...rest,
    paths,
    components: { ...components, schemas: sortedByKey(components.schemas ?? {}) },
  };
}

function withSortedResponses(operation: unknown): unknown {
  if (typeof operation !== 'object' || operation === null || !('responses' in operation)) return operation;
  return { ...operation, responses: sortedByKey(operation.responses as Record<string, unknown>) };
}

function sortedByKey<T>(map: Record<string, T>): Record<string, T> {
  return Object.fromEntries(
    Object.keys(map)
      .sort()
      .map((key) => [key, map[key]]),
  );
}

/** The committed file's form: two-space JSON and a final newline. */
export function formatApiDescription(document: OpenAPIObject): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
