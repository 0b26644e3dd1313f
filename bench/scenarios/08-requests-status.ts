import { PageRequest } from '@lib/http';
import { TypeormAttestationRequestListing } from '../../src/attestation-requests/infrastructure/typeorm-attestation-request-listing';
import { defineScenario } from '../scenario';

/** About 100,000 sent requests: the total from the tallies, the page filtered in attestation_requests_listing. */
export default defineScenario({
  name: 'GET /attestation-requests?status=sent',
  request: () => ({ path: '/attestation-requests?status=sent' }),
  queries: (db, { organizationId }) =>
    new TypeormAttestationRequestListing(db).page(organizationId, { statuses: ['sent'] }, new PageRequest(1, 25)),
});
