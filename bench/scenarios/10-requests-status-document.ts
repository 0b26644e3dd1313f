import { PageRequest } from '@lib/http';
import { TypeormAttestationRequestListing } from '../../src/attestation-requests/infrastructure/typeorm-attestation-request-listing';
import { defineScenario } from '../scenario';

/** Open requests of the busiest document: attestation_requests_document_listing, filtered on its status. */
let documentId: string | undefined;
const pick = async (sql: (text: string) => Promise<{ document_id: string }[]>) =>
  (documentId ??= (
    await sql(
      `SELECT document_id FROM attestation_requests GROUP BY document_id ORDER BY count(*) DESC, document_id LIMIT 1`,
    )
  )[0].document_id);

export default defineScenario({
  name: 'GET /attestation-requests?status=sent,viewed&document_id=…',
  request: async ({ sql }) => ({ path: `/attestation-requests?status=sent,viewed&document_id=${await pick(sql)}` }),
  queries: async (db, { organizationId, sql }) =>
    new TypeormAttestationRequestListing(db).page(
      organizationId,
      { documentId: await pick(sql), statuses: ['sent', 'viewed'] },
      new PageRequest(1, 25),
    ),
});
