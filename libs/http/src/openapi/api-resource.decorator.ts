import { applyDecorators } from '@nestjs/common';
import { ApiEndpoint, type ApiEndpointOptions, ApiUlidPath } from './api-endpoint.decorator';

/** A route's own options: the tag is its resource's. */
export type ResourceEndpointOptions = Omit<ApiEndpointOptions, 'tag'>;

/** `ApiEndpoint` for the routes of one tag, so that each route states only what is its own. */
export function ApiTagEndpoints(tag: string): (options: ResourceEndpointOptions) => MethodDecorator {
  return (options) => ApiEndpoint({ ...options, tag });
}

/**
 * `ApiEndpoint` for the routes of one tag below a ULID path parameter that names one `noun` (e.g. `person`): the
 * parameter ("The person's ULID.") and its 404 ("No such person in the organization ...") come with it; a route
 * that answers 404 for more reasons states its own `notFound`.
 */
export function ApiPathEndpoints(
  tag: string,
  name: string,
  noun: string,
  notFound = `No such ${noun} in the organization (a malformed id included).`,
): (options: ResourceEndpointOptions) => MethodDecorator {
  return (options) =>
    applyDecorators(ApiUlidPath(name, `The ${noun}'s ULID.`), ApiEndpoint({ notFound, ...options, tag }));
}
