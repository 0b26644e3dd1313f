import { PageRequest } from '@lib/http';
import { TypeormAttestationRequestListing } from '../../src/attestation-requests/infrastructure/typeorm-attestation-request-listing';
import { defineScenario } from '../scenario';

/** The person with the most requests: attestation_requests_person, a handful of rows. */
let personId: string | undefined;
const pick = async (sql: (text: string) => Promise<{ person_id: string }[]>) =>
  (personId ??= (
    await sql(`SELECT person_id FROM attestation_requests GROUP BY person_id ORDER BY count(*) DESC, person_id LIMIT 1`)
  )[0].person_id);

export default defineScenario({
  name: 'GET /attestation-requests?person_id=…',
  request: async ({ sql }) => ({ path: `/attestation-requests?person_id=${await pick(sql)}` }),
  queries: async (db, { organizationId, sql }) =>
    new TypeormAttestationRequestListing(db).page(
      organizationId,
      { personId: await pick(sql) },
      new PageRequest(1, 25),
    ),
});
