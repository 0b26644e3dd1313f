import { ApiPathEndpoints, ApiTagEndpoints } from '@lib/http';

/** The OpenAPI description of the routes of `attestation-requests` (and below `attestation-requests/:id`). */
export const RequestsEndpoint = ApiTagEndpoints('Attestation requests');
export const RequestEndpoint = ApiPathEndpoints('Attestation requests', 'id', 'request');
