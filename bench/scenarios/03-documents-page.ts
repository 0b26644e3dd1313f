import { PageRequest } from '@lib/http';
import { TypeormDocumentListingRepository } from '../../src/documents/infrastructure/typeorm-document-listing.repository';
import { defineScenario } from '../scenario';

/** 100 documents with their attestation counts, which fold about 50,000 requests in one statement. */
export default defineScenario({
  bare: true,
  name: 'GET /documents?per_page=100',
  request: () => ({ path: '/documents?per_page=100' }),
  queries: (db, { organizationId }) =>
    new TypeormDocumentListingRepository(db).page(
      organizationId,
      { archived: false },
      new PageRequest(1, 100),
      new Date(),
    ),
});
