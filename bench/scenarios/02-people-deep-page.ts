import { PageRequest } from '@lib/http';
import { TypeormPersonRepository } from '../../src/people/infrastructure/typeorm-person.repository';
import { defineScenario } from '../scenario';

/** A deep page (offset 49,975): the people_active index gives both the order and the count. */
export default defineScenario({
  bare: true,
  name: 'GET /people?page=2000',
  request: () => ({ path: '/people?page=2000' }),
  queries: (db, { organizationId }) =>
    new TypeormPersonRepository(db).page(organizationId, { archived: false }, new PageRequest(2000, 25)),
});
