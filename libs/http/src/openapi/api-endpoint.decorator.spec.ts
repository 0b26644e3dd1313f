import 'reflect-metadata';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants';
import { DECORATORS } from '@nestjs/swagger';
import { ApiEndpoint, ApiEndpointOptions, ApiUlidPath } from './api-endpoint.decorator';
import { ErrorBody, MessageBody, PaymentRequiredBody, ValidationErrorBody } from './error-bodies';
import { ApiDateTime, ApiUlid, ULID_INPUT_PATTERN, ULID_PATTERN } from './schema-properties';

class Item {}
class Other {}

/** What the decorator leaves for the OpenAPI document on a method: responses by status, operation, tags. */
function metadataOf(options: Partial<ApiEndpointOptions> = {}) {
  class Controller {
    handler(): void {}
  }
  const descriptor = Object.getOwnPropertyDescriptor(Controller.prototype, 'handler')!;
  ApiEndpoint({
    operationId: 'listItems',
    tag: 'Items',
    summary: 'List items',
    success: { status: 200, description: 'The items.', type: Item },
    ...options,
  })(Controller.prototype, 'handler', descriptor);
  const metadata = (key: string) => Reflect.getMetadata(key, descriptor.value as object);
  return {
    responses: metadata(DECORATORS.API_RESPONSE) as Record<string, Record<string, unknown>>,
    operation: metadata(DECORATORS.API_OPERATION) as Record<string, unknown>,
    tags: metadata(DECORATORS.API_TAGS) as string[],
    extraModels: metadata(DECORATORS.API_EXTRA_MODELS) as unknown[] | undefined,
    parameters: metadata(DECORATORS.API_PARAMETERS) as unknown[] | undefined,
    answeredStatus: metadata(HTTP_CODE_METADATA) as number,
  };
}

const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });
const COUNTED = {
  'X-Request-Id': ref('X-Request-Id'),
  'X-RateLimit-Limit': ref('X-RateLimit-Limit'),
  'X-RateLimit-Remaining': ref('X-RateLimit-Remaining'),
};

describe('ApiEndpoint', () => {
  it('describes the operation with the answers every route gives, and only those for a plain read', () => {
    const { responses, operation, tags, extraModels } = metadataOf({ description: 'All of them.' });
    expect(operation).toMatchObject({ operationId: 'listItems', summary: 'List items', description: 'All of them.' });
    expect(tags).toEqual(['Items']);
    expect(extraModels).toBeUndefined();
    expect(Object.keys(responses).sort()).toEqual(['200', '401', '402', '403', '429', '500', '503']);
    expect(responses['200']).toMatchObject({ description: 'The items.', type: Item, headers: COUNTED });
    expect(responses['401']).toMatchObject({
      description:
        "The bearer token is missing, unknown, revoked or expired. Counts against the client IP's allowance.",
      type: ErrorBody,
      headers: COUNTED,
      example: { error: 'Unauthenticated.' },
    });
    expect(responses['402']).toMatchObject({
      description: 'The organization has no active trial or subscription.',
      type: PaymentRequiredBody,
    });
    expect(responses['402']).not.toHaveProperty('example');
    expect(responses['403']).toMatchObject({
      description: "A group manager's token: only GET /me is allowed.",
      type: MessageBody,
    });
    expect(responses['429']).toMatchObject({
      description: 'Over the limit of requests per minute for this token (or this IP, without a valid token).',
      type: MessageBody,
      headers: { ...COUNTED, 'Retry-After': ref('Retry-After'), 'X-RateLimit-Reset': ref('X-RateLimit-Reset') },
    });
    expect(responses['500']).toMatchObject({
      description: 'An unexpected failure; the body never carries internals.',
      type: ErrorBody,
      example: { error: 'Server Error.' },
      headers: { 'X-Request-Id': ref('X-Request-Id') },
    });
    expect(responses['503']).toMatchObject({
      description:
        'PostgreSQL or Redis cannot be reached, or did not answer within its bounds, right now; retry after `Retry-After` seconds.',
      type: ErrorBody,
      example: { error: 'Service Unavailable.' },
      headers: { 'X-Request-Id': ref('X-Request-Id'), 'Retry-After': ref('Retry-After') },
    });
  });

  it('adds the answers the options ask for, in their words', () => {
    const { responses } = metadataOf({
      success: { status: 201, description: 'Created.', type: Item },
      jsonBody: true,
      badRequest: 'Or the document has no revision.',
      notFound: 'No such item.',
      conflict: 'Already archived.',
      unprocessable: 'A field breaks a rule.',
      anyRole: true,
    });
    expect(Object.keys(responses).sort()).toEqual([
      '201',
      '400',
      '401',
      '402',
      '404',
      '409',
      '413',
      '422',
      '429',
      '500',
      '503',
    ]);
    expect(responses['400']).toMatchObject({
      description: 'The body is not valid JSON, or not a JSON object. Or the document has no revision.',
      type: ErrorBody,
      example: { error: 'The request body is not valid JSON.' },
    });
    expect(responses['404']).toMatchObject({ description: 'No such item.', example: { error: 'Not found.' } });
    expect(responses['409']).toMatchObject({ description: 'Already archived.', type: ErrorBody });
    expect(responses['413']).toMatchObject({
      description: 'The body is larger than 1 MiB.',
      example: { error: 'The request body is larger than 1 MiB.' },
    });
    expect(responses['422']).toMatchObject({ description: 'A field breaks a rule.', type: ValidationErrorBody });
  });

  it('names the larger body limit of a route, and a 400 without a JSON body', () => {
    const large = metadataOf({ jsonBody: true, bodyLimit: '6 MiB' }).responses['413'];
    expect(large).toMatchObject({
      description: 'The body is larger than 6 MiB.',
      example: { error: 'The request body is larger than 6 MiB.' },
    });
    const { responses } = metadataOf({ badRequest: 'The cursor is malformed.' });
    expect(responses['400'].description).toBe('The cursor is malformed.');
    expect(responses).not.toHaveProperty('413');
  });

  it('describes a body of one of several shapes, a file, or no body', () => {
    const oneOf = metadataOf({ success: { status: 200, description: 'A page or a list.', oneOf: [Item, Other] } });
    expect(oneOf.extraModels).toEqual([Item, Other]);
    expect(oneOf.responses['200']).toMatchObject({
      schema: { oneOf: [{ $ref: '#/components/schemas/Item' }, { $ref: '#/components/schemas/Other' }] },
    });
    const file = metadataOf({
      success: {
        status: 200,
        description: 'The certificate.',
        file: {
          mediaType: 'application/pdf',
          headers: { 'Content-Disposition': { description: 'attachment', schema: { type: 'string' } } },
        },
      },
    }).responses['200'];
    expect(file).toMatchObject({
      content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
      headers: { ...COUNTED, 'Content-Disposition': { description: 'attachment' } },
    });
    const none = metadataOf({ success: { status: 204, description: 'Done.' } }).responses['204'];
    expect(none).toEqual({ description: 'Done.', headers: COUNTED, isArray: undefined, type: undefined });
  });
  it('describes the same answer in other media types chosen by Accept, and the 406 for any other', () => {
    const { responses, extraModels } = metadataOf({
      success: {
        status: 200,
        description: 'The record, or signed.',
        type: Item,
        alternatives: {
          'application/jose': { description: 'A compact JWS.', schema: { type: 'string', pattern: '^a$' } },
        },
      },
      notAcceptable: 'Neither JSON nor JOSE.',
    });
    expect(extraModels).toEqual([Item]);
    expect(responses['200']).toMatchObject({
      description: 'The record, or signed.',
      headers: COUNTED,
      content: {
        'application/json': { schema: { $ref: '#/components/schemas/Item' } },
        'application/jose': { schema: { type: 'string', pattern: '^a$', description: 'A compact JWS.' } },
      },
    });
    expect(responses['406']).toMatchObject({
      description: 'Neither JSON nor JOSE.',
      type: ErrorBody,
      headers: COUNTED,
    });
    expect(metadataOf().responses).not.toHaveProperty('406');
  });
});

describe('schema helpers', () => {
  it('answers with the success status it documents', () => {
    expect(metadataOf().answeredStatus).toBe(200);
    for (const status of [201, 202, 204] as const) {
      expect(metadataOf({ success: { status, description: 'Done.' } }).answeredStatus).toBe(status);
    }
  });

  it('ApiUlidPath takes either case', () => {
    class Controller {
      handler(): void {}
    }
    const descriptor = Object.getOwnPropertyDescriptor(Controller.prototype, 'handler')!;
    ApiUlidPath('id', 'The item.')(Controller.prototype, 'handler', descriptor);
    expect(Reflect.getMetadata(DECORATORS.API_PARAMETERS, descriptor.value as object)).toEqual([
      expect.objectContaining({
        name: 'id',
        in: 'path',
        description: 'The item.',
        required: true,
        schema: { type: 'string', pattern: ULID_INPUT_PATTERN },
      }),
    ]);
    expect(new RegExp(ULID_INPUT_PATTERN).test('01JD7X5M3Q4R8S9T0V1W2X3Y4Z')).toBe(true);
    expect(new RegExp(ULID_INPUT_PATTERN).test('01jd7x5m3q4r8s9t0v1w2x3y4z')).toBe(true);
    for (const id of ['81jd7x5m3q4r8s9t0v1w2x3y4z', '01jd7x5m3q4r8s9t0v1w2x3y4', '01jd7x5m3q4r8s9t0v1w2x3y4u', 'x']) {
      expect(new RegExp(ULID_INPUT_PATTERN).test(id)).toBe(false);
    }
    expect(new RegExp(ULID_PATTERN).test('01JD7X5M3Q4R8S9T0V1W2X3Y4Z')).toBe(false);
    expect(new RegExp(ULID_PATTERN).test('01jd7x5m3q4r8s9t0v1w2x3y4z')).toBe(true);
  });

  it('ApiUlid and ApiDateTime describe their properties, nullable when asked', () => {
    class Shape {
      @ApiUlid('The id.') id!: string;
      @ApiUlid('The parent.', { nullable: true }) parentId!: string | null;
      @ApiDateTime('When.') at!: string;
      @ApiDateTime('Until.', { nullable: true }) until!: string | null;
    }
    const property = (name: string) => Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES, Shape.prototype, name);
    expect(property('id')).toMatchObject({
      type: String,
      pattern: ULID_PATTERN,
      description: 'The id.',
      example: '01jd7x5m3q4r8s9t0v1w2x3y4z',
      nullable: false,
    });
    expect(property('parentId')).toMatchObject({ nullable: true });
    expect(property('at')).toMatchObject({
      type: String,
      format: 'date-time',
      description: 'When.',
      example: '2026-11-22T10:15:30.123Z',
      nullable: false,
    });
    expect(property('until')).toMatchObject({ nullable: true });
  });
});
