export * from './api-endpoint.decorator';
export * from './api-resource.decorator';
export * from './api-headers';
export * from './error-bodies';
export * from './pagination.schema';
export * from './schema-properties';
