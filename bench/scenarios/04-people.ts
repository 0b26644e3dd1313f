import { PageRequest } from '@lib/http';
import { TypeormPersonRepository } from '../../src/people/infrastructure/typeorm-person.repository';
import { defineScenario } from '../scenario';

/** The first page of the 96,000 active people; its total is the maintained counter. */
export default defineScenario({
  bare: true,
  name: 'GET /people',
  request: () => ({ path: '/people' }),
  queries: (db, { organizationId }) =>
    new TypeormPersonRepository(db).page(organizationId, { archived: false }, new PageRequest(1, 25)),
});
