import { PageRequest } from '@lib/http';
import { TypeormAttestationRequestListing } from '../../src/attestation-requests/infrastructure/typeorm-attestation-request-listing';
import { defineScenario } from '../scenario';

/** Half the requests (oauth): the total from the tallies, the page filtered in attestation_requests_listing. */
export default defineScenario({
  name: 'GET /attestation-requests?source=oauth',
  request: () => ({ path: '/attestation-requests?source=oauth' }),
  queries: (db, { organizationId }) =>
    new TypeormAttestationRequestListing(db).page(organizationId, { sources: ['oauth'] }, new PageRequest(1, 25)),
});
