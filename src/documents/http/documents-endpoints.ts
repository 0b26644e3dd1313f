import { ApiPathEndpoints, ApiTagEndpoints } from '@lib/http';

/** The OpenAPI description of the routes of `documents` (and below `documents/:id`). */
export const DocumentsEndpoint = ApiTagEndpoints('Documents');
export const DocumentEndpoint = ApiPathEndpoints('Documents', 'id', 'document');
