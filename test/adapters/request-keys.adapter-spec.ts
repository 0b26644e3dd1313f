import { newId } from '@lib/core';
import { AdapterContext, startAdapterContext } from '../support/adapter-context';
import { createTenant, Tenant } from '../support/fixtures';
import { createDocument, createPerson } from '../support/membership-fixtures';

/**
 * What the schema itself holds a request to, whatever the code writing it: its person and its document are of its
 * organization, and its revision is a revision of its document (one key, `attestation_requests_revision_fkey`).
 */
describe('an attestation request’s keys (real PostgreSQL)', () => {
  let c: AdapterContext;
  let tenant: Tenant;
  let other: Tenant;

  beforeAll(async () => {
    c = await startAdapterContext();
    tenant = await createTenant(c.app);
    other = await createTenant(c.app);
  });
  afterAll(async () => {
    await c?.close();
  });

  const insertRequest = (row: { organizationId: string; documentId: string; revisionId: string; personId: string }) =>
    c.db.query(
      `INSERT INTO attestation_requests (id, organization_id, document_id, document_revision_id, person_id,
         recipient_name, recipient_email, source, status, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, 'Grace Hopper', 'grace@example.test', 'system', 'sent', now(), now())`,
      [newId(), row.organizationId, row.documentId, row.revisionId, row.personId],
    );
  const violation = (constraint: string) => ({ driverError: expect.objectContaining({ code: '23503', constraint }) });

  it('takes a request for a revision of its own document, and refuses one naming another document’s revision', async () => {
    const person = await createPerson(c.app, tenant.organizationId);
    const document = await createDocument(c.app, tenant.organizationId);
    const otherDocument = await createDocument(c.app, tenant.organizationId);
    const row = { organizationId: tenant.organizationId, documentId: document.id, personId: person.id };

    await expect(insertRequest({ ...row, revisionId: otherDocument.revisionId! })).rejects.toMatchObject(
      violation('attestation_requests_revision_fkey'),
    );
    await expect(insertRequest({ ...row, revisionId: newId() })).rejects.toMatchObject(
      violation('attestation_requests_revision_fkey'),
    );
    await expect(insertRequest({ ...row, revisionId: document.revisionId! })).resolves.toBeDefined();
  });

  it('refuses a request whose document or person is another organization’s', async () => {
    const person = await createPerson(c.app, tenant.organizationId);
    const document = await createDocument(c.app, tenant.organizationId);
    const foreignPerson = await createPerson(c.app, other.organizationId);
    const foreignDocument = await createDocument(c.app, other.organizationId);

    await expect(
      insertRequest({
        organizationId: tenant.organizationId,
        documentId: foreignDocument.id,
        revisionId: foreignDocument.revisionId!,
        personId: person.id,
      }),
    ).rejects.toMatchObject(violation('attestation_requests_revision_fkey'));
    await expect(
      insertRequest({
        organizationId: tenant.organizationId,
        documentId: document.id,
        revisionId: document.revisionId!,
        personId: foreignPerson.id,
      }),
    ).rejects.toMatchObject(violation('attestation_requests_person_fkey'));
  });

  it('refuses a revision whose document is another organization’s', async () => {
    const foreignDocument = await createDocument(c.app, other.organizationId);
    await expect(
      c.db.query(
        `INSERT INTO document_revisions (id, organization_id, document_id, content, content_sha256, created_at)
         VALUES ($1, $2, $3, 'text', repeat('0', 64), now())`,
        [newId(), tenant.organizationId, foreignDocument.id],
      ),
    ).rejects.toMatchObject(violation('document_revisions_document_fkey'));
  });
});
