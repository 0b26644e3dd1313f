import { InvalidRequestError, NotFoundError, ValidationFailedError } from '@lib/core';
import { AttestationLinks } from '../../src/attestation-requests/application/attestation-links';
import { AttestationRequestRepository } from '../../src/attestation-requests/application/attestation-request.repository';
import { CreateAttestationRequest } from '../../src/attestation-requests/application/create-attestation-request.use-case';
import { DocumentAssignments } from '../../src/attestation-requests/application/document-assignments';
import { RequestIssuer } from '../../src/attestation-requests/application/request-issuer';
import { RequestTargets } from '../../src/attestation-requests/application/request-targets';
import { AppConfig } from '../../src/config/app-config';
import { UnitOfWork } from '../../src/database/unit-of-work';
import { PublishDocumentRevision } from '../../src/documents/application/publish-document-revision.use-case';
import { AnnounceRequests } from '../../src/notifications/application/announce-requests';
import { AdapterContext, startAdapterContext } from '../support/adapter-context';
import { createTenant, Tenant } from '../support/fixtures';
import { createDocument, createPerson } from '../support/membership-fixtures';

/** CreateAttestationRequest on its real adapters and the per-file database. */
describe('CreateAttestationRequest (real adapters)', () => {
  let c: AdapterContext;
  let tenant: Tenant;

  beforeAll(async () => {
    c = await startAdapterContext();
    tenant = await createTenant(c.app);
  });
  afterAll(async () => {
    await c?.close();
  });

  async function setup(useCase = c.app.get(CreateAttestationRequest)) {
    const person = await createPerson(c.app, tenant.organizationId, { firstName: 'Ada', lastName: 'Lovelace' });
    const document = await createDocument(c.app, tenant.organizationId);
    const send = (input: Partial<{ personId: string; documentId: string; recipientMessage: string | null }> = {}) =>
      useCase.execute({
        organizationId: tenant.organizationId,
        requestedByUserId: tenant.userId,
        personId: person.id,
        documentId: document.id,
        ...input,
      });
    const find = async (id: string) => (await c.app.get(AttestationRequestRepository).findAcrossOrganizations(id))!;
    return { person, document, send, find };
  }

  it('issues a sent oauth request, assigns the document and writes one outbox notification', async () => {
    const { person, document, send } = await setup();
    const request = await send({ recipientMessage: 'Hello' });
    expect(request).toMatchObject({
      status: 'sent',
      source: 'oauth',
      documentRevisionId: document.revisionId,
      recipientName: 'Ada Lovelace',
      recipientEmail: person.email,
      recipientMessage: 'Hello',
      requestedByUserId: tenant.userId,
      expiresAt: null,
    });
    expect(request.accessTokenHash).toBe(c.app.get(AttestationLinks).tokenHashFor(request.id));
    const assigned = await c.db.query(`SELECT 1 FROM document_assignments WHERE document_id = $1 AND person_id = $2`, [
      document.id,
      person.id,
    ]);
    expect(assigned).toHaveLength(1);
    const notifications = await c.db.query(
      `SELECT kind, attestation_request_ids::text AS ids FROM notifications WHERE person_id = $1`,
      [person.id],
    );
    expect(notifications).toEqual([{ kind: 'request_sent', ids: `{${request.id}}` }]);
  });

  it('cancels the older open request of the same person and document', async () => {
    const { send, find } = await setup();
    const older = await send();
    c.clock.advance(1000);
    const newer = await send();
    expect(await find(older.id)).toMatchObject({ status: 'canceled', canceledAt: c.clock.now() });
    expect((await find(newer.id)).status).toBe('sent');
  });

  it('sets the default expiry when one is configured', async () => {
    const config = new AppConfig({ APP_KEY: c.config.appKey, ATTESTATION_REQUEST_TTL_DAYS: '7' });
    const issuer = new RequestIssuer(
      c.app.get(AttestationRequestRepository),
      c.app.get(AnnounceRequests),
      c.app.get(AttestationLinks),
      config,
    );
    const useCase = new CreateAttestationRequest(
      c.app.get(UnitOfWork),
      c.app.get(RequestTargets),
      issuer,
      c.app.get(DocumentAssignments),
      c.clock,
    );
    const { send } = await setup(useCase);
    const request = await send();
    expect(request.expiresAt).toEqual(new Date(c.clock.now().getTime() + 7 * 86_400_000));
  });

  it('answers 404 before 422 archived, 422 archived before 400 unpublished, 400 before 422 no signature', async () => {
    const person = await createPerson(c.app, tenant.organizationId, { archived: true });
    const document = await createDocument(c.app, tenant.organizationId, { published: false, requiresSignature: false });
    const send = (documentId = document.id) =>
      c.app.get(CreateAttestationRequest).execute({
        organizationId: tenant.organizationId,
        requestedByUserId: tenant.userId,
        personId: person.id,
        documentId,
      });
    await expect(send('01jd00000000000000000000ff')).rejects.toBeInstanceOf(NotFoundError);
    await expect(send()).rejects.toEqual(
      new ValidationFailedError({ person_id: ['The selected person id is invalid.'] }),
    );
    await c.db.query(`UPDATE people SET archived_at = NULL WHERE id = $1`, [person.id]);
    await expect(send()).rejects.toBeInstanceOf(InvalidRequestError);
    await c.app.get(PublishDocumentRevision).execute({ documentId: document.id, content: '# Policy' });
    await expect(send()).rejects.toEqual(
      new ValidationFailedError({ document_id: ['The document does not require a signature.'] }),
    );
  });

  it("does not find another organization's person or document", async () => {
    const { send } = await setup();
    const other = await createTenant(c.app);
    const stranger = await createPerson(c.app, other.organizationId);
    await expect(send({ personId: stranger.id })).rejects.toEqual(new NotFoundError('Person not found.'));
  });

  it('fails clearly without APP_KEY', async () => {
    const noKey = new AttestationLinks(new AppConfig({}));
    expect(() => noKey.tokenFor('01jd00000000000000000000b0')).toThrow(/APP_KEY is not set/);
  });
});
