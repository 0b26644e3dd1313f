import { PageRequest } from '@lib/http';
import { TypeormPersonRepository } from '../../src/people/infrastructure/typeorm-person.repository';
import { defineScenario } from '../scenario';

/** A partial phone match, trigram index on people.phone. */
export default defineScenario({
  bare: true,
  name: 'GET /people?phone=415',
  request: () => ({ path: '/people?phone=415' }),
  queries: (db, { organizationId }) =>
    new TypeormPersonRepository(db).page(organizationId, { phone: '415', archived: false }, new PageRequest(1, 25)),
});
