import { ApiPathEndpoints, ApiTagEndpoints } from '@lib/http';

/** The OpenAPI description of the event feed's routes (and the events of one request). */
export const EventsEndpoint = ApiTagEndpoints('Events');
export const RequestEventsEndpoint = ApiPathEndpoints(
  'Events',
  'id',
  'attestation request',
  'No such request in the organization (a malformed id included).',
);
