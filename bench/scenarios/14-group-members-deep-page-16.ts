import { defineScenario } from '../scenario';
import { largestGroup } from './13-group-members';

/** The last page of a group of 1,000 members (offset 975) under 16 concurrent clients. */
export default defineScenario({
  name: 'GET /groups/{id}/people?page=40',
  request: async ({ sql }) => ({ path: `/groups/${await largestGroup(sql)}/people?page=40` }),
  connections: 16,
  requests: 4000,
  warmUp: 400,
});
