import { PageRequest } from '@lib/http';
import { TypeormPersonRepository } from '../../src/people/infrastructure/typeorm-person.repository';
import { defineScenario } from '../scenario';

/** A partial name match of three letters: the trigram index on people.full_name. */
export default defineScenario({
  bare: true,
  name: 'GET /people?name=ann&per_page=100',
  request: () => ({ path: '/people?name=ann&per_page=100' }),
  queries: (db, { organizationId }) =>
    new TypeormPersonRepository(db).page(organizationId, { name: 'ann', archived: false }, new PageRequest(1, 100)),
});
