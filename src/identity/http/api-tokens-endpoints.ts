import { ApiPathEndpoints, ApiTagEndpoints } from '@lib/http';

/** The OpenAPI description of the routes of `api-tokens` (and below `api-tokens/:id`). */
export const ApiTokensEndpoint = ApiTagEndpoints('API tokens');
export const TokenEndpoint = ApiPathEndpoints('API tokens', 'id', 'token');
