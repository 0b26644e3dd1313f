import { PageRequest } from '@lib/http';
import { TypeormAttestationRequestListing } from '../../src/attestation-requests/infrastructure/typeorm-attestation-request-listing';
import { defineScenario } from '../scenario';

/** The first page of 500,000 requests: the total from attestation_request_tallies, the page from attestation_requests_listing. */
export default defineScenario({
  name: 'GET /attestation-requests',
  request: () => ({ path: '/attestation-requests' }),
  queries: (db, { organizationId }) =>
    new TypeormAttestationRequestListing(db).page(organizationId, {}, new PageRequest(1, 25)),
});
