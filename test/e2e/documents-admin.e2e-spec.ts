import { createHash } from 'node:crypto';
import { FixedClock, NotFoundError, ValidationFailedError } from '@lib/core';
import { ArchiveDocument } from '../../src/documents/application/archive-document.use-case';
import { CreateDocument } from '../../src/documents/application/create-document.use-case';
import { PublishDocumentRevision } from '../../src/documents/application/publish-document-revision.use-case';
import { ShowDocument } from '../../src/documents/application/show-document.use-case';
import { presentDocument } from '../../src/documents/http/document.presenter';
import { AddDocumentsToGroup } from '../../src/groups/application/add-documents-to-group.use-case';
import { CreateGroup } from '../../src/groups/application/create-group.use-case';
import { presentGroup } from '../../src/groups/http/group.presenter';
import { GroupMembershipRecord } from '../../src/groups/infrastructure/group-membership.record';
import { CreatePerson } from '../../src/people/application/create-person.use-case';
import { createTenant, Tenant } from '../support/fixtures';
import { startTestApp, TestApp } from '../support/test-app';

/** The document and group use-cases the admin CLI and the seeds call (documents are managed outside the API). */
describe('document and group administration', () => {
  let t: TestApp;
  let clock: FixedClock;
  let tenant: Tenant;

  beforeAll(async () => {
    t = await startTestApp();
    clock = t.clock as FixedClock;
    tenant = await createTenant(t.app);
  });
  afterAll(() => t.close());

  const createDocument = (name: string) =>
    t.app.get(CreateDocument).execute({ organizationId: tenant.organizationId, name });

  describe('documents', () => {
    it('CreateDocument answers the document as the API lists it', async () => {
      const listing = await t.app.get(CreateDocument).execute({
        organizationId: tenant.organizationId,
        name: '  Travel policy ',
        requiresSignature: false,
        renewalIntervalDays: 30,
        autoRenew: true,
        attestationType: 'acknowledgment',
      });
      expect(presentDocument(listing)).toMatchObject({
        name: 'Travel policy',
        requires_signature: false,
        renewal_interval_days: 30,
        auto_renew: true,
        default_attestation_type: 'acknowledgment',
        has_published_revision: false,
        last_updated_at: null,
        attestation_counts: { total: 0 },
      });
    });

    it('CreateDocument refuses an empty name and a renewal interval below one day', async () => {
      await expect(createDocument(' ')).rejects.toThrow(ValidationFailedError);
      await expect(
        t.app.get(CreateDocument).execute({ organizationId: tenant.organizationId, name: 'x', renewalIntervalDays: 0 }),
      ).rejects.toThrow(ValidationFailedError);
    });

    it('PublishDocumentRevision stores the content with its SHA-256 and makes it the latest revision', async () => {
      const { document } = await createDocument('Handbook');
      clock.advance(1000);
      const published = await t.app.get(PublishDocumentRevision).execute({
        documentId: document.id.toUpperCase(),
        content: 'Be kind.',
        contentType: 'text/plain',
      });
      expect(published).toEqual({ revisionId: expect.any(String), documentId: document.id, publishedAt: clock.now() });
      const [row] = await t.db.query(
        `SELECT r.content, r.content_type, r.content_sha256, r.published_at, d.latest_revision_id
         FROM document_revisions r JOIN documents d ON d.id = r.document_id WHERE r.id = $1`,
        [published.revisionId],
      );
      expect(row).toEqual({
        content: 'Be kind.',
        content_type: 'text/plain',
        content_sha256: createHash('sha256').update('Be kind.').digest('hex'),
        published_at: clock.now(),
        latest_revision_id: published.revisionId,
      });
      const shown = await t.app.get(ShowDocument).execute({ documentId: document.id });
      expect(presentDocument(shown)).toMatchObject({
        has_published_revision: true,
        last_updated_at: clock.now().toISOString(),
      });
    });

    it('PublishDocumentRevision lets concurrent publications of one document each store a revision, one of them the latest', async () => {
      const { document } = await createDocument('Busy');
      const published = [];
      for (let i = 0; i < 3; i++) {
        clock.advance(1000);
        published.push(t.app.get(PublishDocumentRevision).execute({ documentId: document.id, content: `v${i}` }));
      }
      const revisions = await Promise.all(published);
      const [{ latest_revision_id, count }] = await t.db.query(
        `SELECT d.latest_revision_id, (SELECT count(*)::int FROM document_revisions WHERE document_id = d.id) AS count
         FROM documents d WHERE d.id = $1`,
        [document.id],
      );
      expect(count).toBe(3);
      expect(revisions.map((r) => r.revisionId)).toContain(latest_revision_id);
    });

    it('ShowDocument, PublishDocumentRevision and ArchiveDocument do not find an unknown document', async () => {
      const unknown = '01arz3ndektsv4rrffq69g5fav';
      await expect(t.app.get(ShowDocument).execute({ documentId: unknown })).rejects.toThrow(NotFoundError);
      await expect(t.app.get(PublishDocumentRevision).execute({ documentId: unknown })).rejects.toThrow(NotFoundError);
      await expect(t.app.get(ArchiveDocument).execute({ documentId: unknown })).rejects.toThrow(NotFoundError);
    });

    it('ArchiveDocument archives once and answers the document', async () => {
      const { document } = await createDocument('Old');
      const archivedAt = clock.now().toISOString();
      expect(presentDocument(await t.app.get(ArchiveDocument).execute({ documentId: document.id })).archived_at).toBe(
        archivedAt,
      );
      clock.advance(1000);
      expect(presentDocument(await t.app.get(ArchiveDocument).execute({ documentId: document.id })).archived_at).toBe(
        archivedAt,
      );
    });
  });

  describe('groups', () => {
    it('CreateGroup answers the group; the presenter shows the contract’s fields', async () => {
      const group = await t.app
        .get(CreateGroup)
        .execute({ organizationId: tenant.organizationId, name: 'Ops', autoIssueRequests: true });
      expect(group.autoIssueRequests).toBe(true);
      expect(Object.keys(presentGroup(group)).sort()).toEqual([
        'created_at',
        'id',
        'name',
        'organization_id',
        'updated_at',
      ]);
      const [row] = await t.db.query(`SELECT auto_issue_requests FROM groups WHERE id = $1`, [group.id]);
      expect(row.auto_issue_requests).toBe(true);
    });

    it('AddDocumentsToGroup is idempotent and assigns the document to the current members', async () => {
      const group = await t.app.get(CreateGroup).execute({ organizationId: tenant.organizationId, name: 'Members' });
      const person = await t.app
        .get(CreatePerson)
        .execute({ organizationId: tenant.organizationId, lastName: 'Member', email: 'member@example.test' });
      await t.db.getRepository(GroupMembershipRecord).insert({
        groupId: group.id,
        personId: person.id,
        organizationId: tenant.organizationId,
        createdAt: clock.now(),
      });
      const { document } = await createDocument('Shared');
      const add = () =>
        t.app.get(AddDocumentsToGroup).execute({ groupId: group.id.toUpperCase(), documentIds: [document.id] });
      expect(await add()).toEqual([{ groupId: group.id, documentId: document.id }]);
      expect(await add()).toEqual([{ groupId: group.id, documentId: document.id }]);
      const links = await t.db.query(`SELECT count(*)::int AS n FROM group_documents WHERE group_id = $1`, [group.id]);
      const assignments = await t.db.query(
        `SELECT person_id, group_id FROM document_assignments WHERE document_id = $1`,
        [document.id],
      );
      expect(links[0].n).toBe(1);
      expect(assignments).toEqual([{ person_id: person.id, group_id: group.id }]);
      expect((await t.app.get(ShowDocument).execute({ documentId: document.id })).attestationCounts).toMatchObject({
        unrequested: 1,
        total: 1,
      });
    });

    it('AddDocumentsToGroup refuses a document of another organization, and does not find an unknown group', async () => {
      const other = await createTenant(t.app);
      const group = await t.app.get(CreateGroup).execute({ organizationId: tenant.organizationId, name: 'Mine' });
      const { document: foreign } = await t.app
        .get(CreateDocument)
        .execute({ organizationId: other.organizationId, name: 'Theirs' });
      await expect(
        t.app.get(AddDocumentsToGroup).execute({ groupId: group.id, documentIds: [foreign.id] }),
      ).rejects.toThrow(ValidationFailedError);
      await expect(
        t.app.get(AddDocumentsToGroup).execute({ groupId: '01arz3ndektsv4rrffq69g5fav', documentIds: [foreign.id] }),
      ).rejects.toThrow(NotFoundError);
      const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM group_documents WHERE group_id = $1`, [
        group.id,
      ]);
      expect(n).toBe(0);
    });
  });
});
