import { DataSource } from 'typeorm';
import { newId } from '@lib/core';
import { dataSourceOptions } from '../../src/database/data-source-options';
import { RequestRevisionKey1766700000000 } from '../../src/database/migrations/1766700000000-request-revision-key';
import { AdapterContext, startAdapterContext } from '../support/adapter-context';
import { createTenant, Tenant } from '../support/fixtures';
import { createDocument, createPerson } from '../support/membership-fixtures';
import { createTestDatabase, TestDatabase } from '../support/test-database';

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

/**
 * The migration that made the key: added NOT VALID, then validated outside its transaction, so that writes to the
 * requests go on meanwhile. A request it refuses, already stored, stops it with the key in place but unvalidated, and
 * running it again once the row is mended ends with the key validated.
 */
describe('migration 1766700000000-request-revision-key on stored requests (real PostgreSQL)', () => {
  let database: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataSource = await new DataSource(dataSourceOptions(database.url, 2)).initialize();
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  const keyState = async () =>
    (
      await dataSource.query(
        `SELECT convalidated AS validated FROM pg_constraint WHERE conname = 'attestation_requests_revision_fkey'`,
      )
    )[0] as { validated: boolean } | undefined;

  it('validates the stored requests, stops at one it refuses, and resumes once it is mended', async () => {
    const migration = new RequestRevisionKey1766700000000();
    expect(migration.transaction).toBe(false);
    const runner = dataSource.createQueryRunner();
    try {
      await migration.down(runner);
      expect(await keyState()).toBeUndefined();

      // Stored under the keys before: a request naming document A with a revision of document B.
      const organizationId = newId();
      const [documentA, documentB, revisionA, revisionB, personId, requestId] = [1, 2, 3, 4, 5, 6].map(() => newId());
      await dataSource.query(
        `INSERT INTO organizations (id, name, billing_status, created_at, updated_at)
         VALUES ($1, 'Org', 'active', now(), now())`,
        [organizationId],
      );
      for (const [documentId, revisionId] of [
        [documentA, revisionA],
        [documentB, revisionB],
      ]) {
        await dataSource.query(
          `INSERT INTO documents (id, organization_id, name, created_at, updated_at)
           VALUES ($1, $2, 'Policy', now(), now())`,
          [documentId, organizationId],
        );
        await dataSource.query(
          `INSERT INTO document_revisions (id, organization_id, document_id, content, content_sha256, created_at)
           VALUES ($1, $2, $3, 'text', repeat('0', 64), now())`,
          [revisionId, organizationId, documentId],
        );
      }
      await dataSource.query(
        `INSERT INTO people (id, organization_id, last_name, email, source, created_at, updated_at)
         VALUES ($1, $2, 'Hopper', 'grace@example.test', 'system', now(), now())`,
        [personId, organizationId],
      );
      await dataSource.query(
        `INSERT INTO attestation_requests (id, organization_id, document_id, document_revision_id, person_id,
           recipient_name, recipient_email, source, status, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, 'Grace Hopper', 'grace@example.test', 'system', 'sent', now(), now())`,
        [requestId, organizationId, documentA, revisionB, personId],
      );

      await expect(migration.up(runner)).rejects.toMatchObject({
        driverError: expect.objectContaining({ code: '23503', constraint: 'attestation_requests_revision_fkey' }),
      });
      expect(await keyState()).toEqual({ validated: false });

      await dataSource.query(`UPDATE attestation_requests SET document_revision_id = $2 WHERE id = $1`, [
        requestId,
        revisionA,
      ]);
      await migration.up(runner);
      expect(await keyState()).toEqual({ validated: true });
    } finally {
      await runner.release();
    }
  });
});
