import { PageRequest } from '@lib/http';
import { TypeormPersonRepository } from '../../src/people/infrastructure/typeorm-person.repository';
import { defineScenario } from '../scenario';

/** A partial email match (a last name: about 2,600 people), trigram index on people.email. */
export default defineScenario({
  bare: true,
  name: 'GET /people?email=hopper',
  request: () => ({ path: '/people?email=hopper' }),
  queries: (db, { organizationId }) =>
    new TypeormPersonRepository(db).page(organizationId, { email: 'hopper', archived: false }, new PageRequest(1, 25)),
});
