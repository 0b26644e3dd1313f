import { newId } from '@lib/core';
import { RequestIssuer } from '../../src/attestation-requests/application/request-issuer';
import { AdapterContext, startAdapterContext } from '../support/adapter-context';
import { createTenant, Tenant } from '../support/fixtures';
import { createDocument, createPerson } from '../support/membership-fixtures';

/**
 * RequestIssuer.issueMissing after work already sent (a group add's assignments): it makes the first requests' ids
 * meanwhile, but issues nothing unless that work succeeded.
 */
describe('RequestIssuer.issueMissing after earlier work (real adapters)', () => {
  let c: AdapterContext;
  let tenant: Tenant;

  beforeAll(async () => {
    c = await startAdapterContext();
    tenant = await createTenant(c.app);
  });
  afterAll(async () => {
    await c?.close();
  });

  async function pairs() {
    const people = [await createPerson(c.app, tenant.organizationId), await createPerson(c.app, tenant.organizationId)];
    const documents = [
      await createDocument(c.app, tenant.organizationId),
      await createDocument(c.app, tenant.organizationId),
    ];
    return { personIds: people.map((p) => p.id), documentIds: documents.map((d) => d.id) };
  }

  const issue = (input: { personIds: string[]; documentIds: string[] }, after: Promise<unknown>) =>
    c.app.get(RequestIssuer).issueMissing({
      organizationId: tenant.organizationId,
      ...input,
      source: 'system',
      announceAs: 'requests_issued',
      now: c.clock.now(),
      after,
    });

  const requestsOf = async (personIds: string[]) =>
    (await c.db.query(`SELECT count(*)::int AS n FROM attestation_requests WHERE person_id = ANY($1)`, [personIds]))[0]
      .n as number;

  it('issues nothing and answers the earlier work’s error when it failed', async () => {
    const input = await pairs();
    const failed = new Promise((_, reject) => setTimeout(() => reject(new Error('assignments failed')), 20));
    await expect(issue(input, failed)).rejects.toThrow('assignments failed');
    expect(await requestsOf(input.personIds)).toBe(0);
  });

  it('issues once the earlier work is done, what that work left to issue', async () => {
    const input = await pairs();
    // The earlier work, sent a little later, opens a request for one pair: the issue must wait for it and skip that
    // pair (issued first, it would take the pair and the earlier work would fail on the one open request per pair).
    const [firstPerson, firstDocument] = [input.personIds[0], input.documentIds[0]];
    const earlier = new Promise((resolve) => setTimeout(resolve, 50)).then(() =>
      c.db.query(
        `INSERT INTO attestation_requests (id, organization_id, document_id, document_revision_id, person_id,
           recipient_name, recipient_email, source, status, created_at, updated_at)
         SELECT $3, d.organization_id, d.id, d.latest_revision_id, p.id, p.full_name, p.email, 'oauth', 'sent',
                now(), now()
           FROM documents d, people p WHERE d.id = $1 AND p.id = $2`,
        [firstDocument, firstPerson, newId()],
      ),
    );
    const issued = await issue(input, earlier);
    expect(issued).toHaveLength(3);
    expect(issued.map((r) => `${r.personId}/${r.documentId}`)).not.toContain(`${firstPerson}/${firstDocument}`);
    expect(await requestsOf(input.personIds)).toBe(4);
  });
});
