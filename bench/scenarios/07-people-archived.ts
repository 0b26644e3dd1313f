import { PageRequest } from '@lib/http';
import { TypeormPersonRepository } from '../../src/people/infrastructure/typeorm-person.repository';
import { defineScenario } from '../scenario';

/** The archived people (4,000), people_archived index. */
export default defineScenario({
  bare: true,
  name: 'GET /people?archived=true',
  request: () => ({ path: '/people?archived=true' }),
  queries: (db, { organizationId }) =>
    new TypeormPersonRepository(db).page(organizationId, { archived: true }, new PageRequest(1, 25)),
});
