/**
 * The HTTP side: the exception filter, route access, HTML escaping, request plumbing, validation, OpenAPI
 * decorators, the pagination envelope.
 */
export * from './http/api-exception';
export * from './http/api-exception.filter';
export * from './http/door-filter';
export * from './http/access.decorator';
export * from './http/access-policy';
export * from './http/iso-timestamp';
export * from './http/json-body';
export * from './http/json-reply-adapter';
export * from './http/outage';
export * from './http/path-id.guard';
export * from './http/request-id';
export * from './http/route-catalog';
export * from './http/ulid-path.pipe';
export * from './http/writing-routes';
export * from './html/escape-html';
export * from './pagination/page';
export * from './pagination/page-query';
export * from './validation/comma-list';
export * from './validation/field.decorator';
export * from './validation/input-transforms';
export * from './validation/rules';
export * from './validation/trimmed-text.field';
export * from './validation/validation.pipe';
export * from './openapi';
export * from './csv/csv-download';
