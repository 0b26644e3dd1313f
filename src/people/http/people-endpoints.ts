import { ApiPathEndpoints, ApiTagEndpoints } from '@lib/http';

/** The OpenAPI description of the routes of `people` (and below `people/:id`). */
export const PeopleEndpoint = ApiTagEndpoints('People');
export const PersonEndpoint = ApiPathEndpoints('People', 'id', 'person');
