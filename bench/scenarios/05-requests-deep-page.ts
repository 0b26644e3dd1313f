import { PageRequest } from '@lib/http';
import { TypeormAttestationRequestListing } from '../../src/attestation-requests/infrastructure/typeorm-attestation-request-listing';
import { defineScenario } from '../scenario';

/** A deep page (offset 49,975): an index-only walk of attestation_requests_listing; the total from the tallies. */
export default defineScenario({
  name: 'GET /attestation-requests?page=2000',
  request: () => ({ path: '/attestation-requests?page=2000' }),
  queries: (db, { organizationId }) =>
    new TypeormAttestationRequestListing(db).page(organizationId, {}, new PageRequest(2000, 25)),
});
