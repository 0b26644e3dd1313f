import { PageRequest } from '@lib/http';
import { TypeormAttestationRequestListing } from '../../src/attestation-requests/infrastructure/typeorm-attestation-request-listing';
import { defineScenario } from '../scenario';

/**
 * A sync job's poll: the changes of the last hour, counted back from the newest change (the seed's clock stopped
 * when it ran, so 'an hour before now' would find nothing once the database is reused). The short updated_at
 * range of attestation_requests_updated, sorted.
 */
let since: string | undefined;
const pick = async (sql: (text: string) => Promise<{ since: Date }[]>) =>
  (since ??= (
    await sql(`SELECT max(updated_at) - interval '1 hour' AS since FROM attestation_requests`)
  )[0].since.toISOString());

export default defineScenario({
  name: 'GET /attestation-requests?updated_since=<an hour before the newest change>',
  request: async ({ sql }) => ({ path: `/attestation-requests?updated_since=${await pick(sql)}` }),
  queries: async (db, { organizationId, sql }) =>
    new TypeormAttestationRequestListing(db).page(
      organizationId,
      { updatedSince: new Date(await pick(sql)) },
      new PageRequest(1, 25),
    ),
});
