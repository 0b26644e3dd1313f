import { ApiPathEndpoints, ApiTagEndpoints } from '@lib/http';

/** The OpenAPI description of the routes of `groups`. */
export const GroupsEndpoint = ApiTagEndpoints('Groups');

/** The OpenAPI description of a route below `groups/:group`: its tag, the group's path id and its 404. */
export const GroupEndpoint = ApiPathEndpoints(
  'Groups',
  'group',
  'group',
  'No such group in the organization (a malformed id included): `{"error":"Group not found."}`.',
);
