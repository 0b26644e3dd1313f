import { PageRequest } from '@lib/http';
import { TypeormGroupRepository } from '../../src/groups/infrastructure/typeorm-group.repository';
import { defineScenario } from '../scenario';

/** The first page of 200 groups. */
export default defineScenario({
  bare: true,
  name: 'GET /groups',
  request: () => ({ path: '/groups' }),
  queries: (db, { organizationId }) => new TypeormGroupRepository(db).page(organizationId, new PageRequest(1, 25)),
});
