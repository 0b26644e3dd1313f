import { createHash } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import { FixedClock } from '@lib/core';
import { createTenant, Tenant } from '../support/fixtures';
import { createDocument, createPerson, startWorker } from '../support/membership-fixtures';
import { SmtpCapture, startSmtpCapture } from '../support/smtp-capture';
import { startTestApp, TestApp } from '../support/test-app';

describe('POST /api/v1/attestation-requests', () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let worker: INestApplicationContext;
  let tenant: Tenant;
  const clock = new FixedClock(new Date('2026-11-22T10:15:30.123Z'));

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await startTestApp({ clock, env: { SMTP_URL: smtp.url } });
    worker = await startWorker(t);
    tenant = await createTenant(t.app);
  });
  afterAll(async () => {
    await worker.close();
    await t.close();
    await smtp.close();
  });

  const post = (body: unknown, auth = tenant.auth) =>
    t.http
      .post('/api/v1/attestation-requests')
      .set(auth)
      .send(body as object);

  const requestRows = (personId: string, documentId: string) =>
    t.db.query(
      `SELECT id, status, canceled_at, access_token_hash FROM attestation_requests
        WHERE person_id = $1 AND document_id = $2 ORDER BY created_at, id`,
      [personId, documentId],
    ) as Promise<{ id: string; status: string; canceled_at: Date | null; access_token_hash: string }[]>;

  it('creates a sent oauth request for the latest published revision and assigns the document', async () => {
    const person = await createPerson(t.app, tenant.organizationId, { firstName: 'Ada', lastName: 'Byron' });
    const document = await createDocument(t.app, tenant.organizationId);
    const response = await post({
      person_id: person.id,
      document_id: document.id,
      recipient_message: 'Please sign',
    }).expect(201);
    expect(response.body).toEqual({
      id: expect.stringMatching(/^[0-7][0-9a-hjkmnp-tv-z]{25}$/),
      organization_id: tenant.organizationId,
      document_id: document.id,
      document_revision_id: document.revisionId,
      person_id: person.id,
      recipient_name: 'Ada Byron',
      recipient_email: person.email,
      requested_attestation_type: 'signature',
      source: 'oauth',
      status: 'sent',
      recipient_message: 'Please sign',
      delivery: 'email',
      sent_at: '2026-11-22T10:15:30.123Z',
      last_reminded_at: null,
      viewed_at: null,
      attested_at: null,
      canceled_at: null,
      cancel_reason: null,
      expires_at: null,
      expired_at: null,
      requested_by_user_id: tenant.userId,
      created_at: '2026-11-22T10:15:30.123Z',
      updated_at: '2026-11-22T10:15:30.123Z',
    });
    const assignments = await t.db.query(
      `SELECT group_id FROM document_assignments WHERE person_id = $1 AND document_id = $2`,
      [person.id, document.id],
    );
    expect(assignments).toEqual([{ group_id: null }]);
  });

  it('uses the newest published revision', async () => {
    const person = await createPerson(t.app, tenant.organizationId);
    const document = await createDocument(t.app, tenant.organizationId);
    const { PublishDocumentRevision } =
      await import('../../src/documents/application/publish-document-revision.use-case');
    const newer = await t.app.get(PublishDocumentRevision).execute({ documentId: document.id, content: 'v2' });
    const response = await post({ person_id: person.id, document_id: document.id }).expect(201);
    expect(response.body.document_revision_id).toBe(newer.revisionId);
    expect(response.body.recipient_message).toBeNull();
  });

  it('ignores the deprecated requested_attestation_type, whatever its value', async () => {
    const person = await createPerson(t.app, tenant.organizationId);
    const document = await createDocument(t.app, tenant.organizationId);
    for (const value of ['acknowledgment', 'nonsense', 42]) {
      const response = await post({
        person_id: person.id,
        document_id: document.id,
        requested_attestation_type: value,
      }).expect(201);
      expect(response.body.requested_attestation_type).toBe('signature');
    }
  });

  it('accepts ids in either case and answers them lowercase', async () => {
    const person = await createPerson(t.app, tenant.organizationId);
    const document = await createDocument(t.app, tenant.organizationId);
    const response = await post({ person_id: person.id.toUpperCase(), document_id: document.id.toUpperCase() }).expect(
      201,
    );
    expect(response.body.person_id).toBe(person.id);
    expect(response.body.document_id).toBe(document.id);
  });

  it('cancels the older open request of the same person for the same document', async () => {
    const person = await createPerson(t.app, tenant.organizationId);
    const document = await createDocument(t.app, tenant.organizationId);
    const first = await post({ person_id: person.id, document_id: document.id }).expect(201);
    clock.advance(1000);
    const second = await post({ person_id: person.id, document_id: document.id }).expect(201);
    const rows = await requestRows(person.id, document.id);
    expect(rows.map((r) => [r.id, r.status])).toEqual([
      [first.body.id, 'canceled'],
      [second.body.id, 'sent'],
    ]);
    expect(rows[0].canceled_at?.toISOString()).toBe(clock.now().toISOString());
  });

  it('cancels an older request whose email bounced (still open) when a new one is sent', async () => {
    const person = await createPerson(t.app, tenant.organizationId);
    const document = await createDocument(t.app, tenant.organizationId);
    const first = await post({ person_id: person.id, document_id: document.id }).expect(201);
    await t.db.query(`UPDATE attestation_requests SET status = 'bounced' WHERE id = $1`, [first.body.id]);
    await post({ person_id: person.id, document_id: document.id }).expect(201);
    const rows = await requestRows(person.id, document.id);
    expect(rows.map((r) => r.status)).toEqual(['canceled', 'sent']);
  });

  it('leaves other people and other documents alone when canceling', async () => {
    const person = await createPerson(t.app, tenant.organizationId);
    const other = await createPerson(t.app, tenant.organizationId);
    const document = await createDocument(t.app, tenant.organizationId);
    const otherDocument = await createDocument(t.app, tenant.organizationId);
    await post({ person_id: other.id, document_id: document.id }).expect(201);
    await post({ person_id: person.id, document_id: otherDocument.id }).expect(201);
    await post({ person_id: person.id, document_id: document.id }).expect(201);
    expect((await requestRows(other.id, document.id)).map((r) => r.status)).toEqual(['sent']);
    expect((await requestRows(person.id, otherDocument.id)).map((r) => r.status)).toEqual(['sent']);
  });

  it('leaves exactly one open request when the same request is sent concurrently', async () => {
    const person = await createPerson(t.app, tenant.organizationId);
    const document = await createDocument(t.app, tenant.organizationId);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => post({ person_id: person.id, document_id: document.id })),
    );
    expect(responses.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    const rows = await requestRows(person.id, document.id);
    expect(rows).toHaveLength(5);
    expect(rows.filter((r) => r.status === 'sent')).toHaveLength(1);
    expect(rows.filter((r) => r.status === 'canceled')).toHaveLength(4);
  });

  describe('checks, in the contract order', () => {
    it('422 on missing or malformed fields, Laravel-worded', async () => {
      const response = await post({}).expect(422);
      expect(response.body).toEqual({
        message: 'The person id field is required. (and 1 more error)',
        errors: {
          person_id: ['The person id field is required.'],
          document_id: ['The document id field is required.'],
        },
      });
      const malformed = await post({ person_id: 'nope', document_id: 12, recipient_message: 5 }).expect(422);
      expect(malformed.body.errors).toEqual({
        person_id: ['The person id field must be a valid ULID.'],
        document_id: ['The document id field must be a string.'],
        recipient_message: ['The recipient message field must be a string.'],
      });
    });

    it('422 on a message over 5000 characters; exactly 5000 is accepted', async () => {
      const person = await createPerson(t.app, tenant.organizationId);
      const document = await createDocument(t.app, tenant.organizationId);
      const tooLong = await post({
        person_id: person.id,
        document_id: document.id,
        recipient_message: 'x'.repeat(5001),
      }).expect(422);
      expect(tooLong.body.errors).toEqual({
        recipient_message: ['The recipient message field must not be greater than 5000 characters.'],
      });
      await post({ person_id: person.id, document_id: document.id, recipient_message: 'é'.repeat(5000) }).expect(201);
    });

    it('validates the body before looking anything up (422 before 404)', async () => {
      const response = await post({ person_id: '01jd0000000000000000000000', document_id: 'bad' }).expect(422);
      expect(Object.keys(response.body.errors)).toEqual(['document_id']);
    });

    it('404 for a person or document that does not exist or belongs to another organization', async () => {
      const other = await createTenant(t.app);
      const theirPerson = await createPerson(t.app, other.organizationId);
      const theirDocument = await createDocument(t.app, other.organizationId);
      const person = await createPerson(t.app, tenant.organizationId);
      const document = await createDocument(t.app, tenant.organizationId);
      expect((await post({ person_id: theirPerson.id, document_id: document.id }).expect(404)).body).toEqual({
        error: 'Person not found.',
      });
      expect((await post({ person_id: person.id, document_id: theirDocument.id }).expect(404)).body).toEqual({
        error: 'Document not found.',
      });
      await post({ person_id: '01jd0000000000000000000000', document_id: document.id }).expect(404);
    });

    it('404 comes before the archived check', async () => {
      const archived = await createPerson(t.app, tenant.organizationId, { archived: true });
      await post({ person_id: archived.id, document_id: '01jd0000000000000000000000' }).expect(404);
    });

    it('422 for an archived person or document, before the published check', async () => {
      const archived = await createPerson(t.app, tenant.organizationId, { archived: true });
      const person = await createPerson(t.app, tenant.organizationId);
      const unpublished = await createDocument(t.app, tenant.organizationId, { published: false });
      const archivedDocument = await createDocument(t.app, tenant.organizationId, { archived: true });
      const first = await post({ person_id: archived.id, document_id: unpublished.id }).expect(422);
      expect(first.body.errors).toEqual({ person_id: ['The selected person id is invalid.'] });
      const second = await post({ person_id: person.id, document_id: archivedDocument.id }).expect(422);
      expect(second.body.errors).toEqual({ document_id: ['The selected document id is invalid.'] });
    });

    it('400 for a document without a published revision, before the signature check', async () => {
      const person = await createPerson(t.app, tenant.organizationId);
      const unpublished = await createDocument(t.app, tenant.organizationId, {
        published: false,
        requiresSignature: false,
      });
      const response = await post({ person_id: person.id, document_id: unpublished.id }).expect(400);
      expect(response.body).toEqual({ error: 'The document has no published revision.' });
    });

    it('422 for a document that requires no signature', async () => {
      const person = await createPerson(t.app, tenant.organizationId);
      const readOnly = await createDocument(t.app, tenant.organizationId, { requiresSignature: false });
      const response = await post({ person_id: person.id, document_id: readOnly.id }).expect(422);
      expect(response.body).toEqual({
        message: 'The document does not require a signature.',
        errors: { document_id: ['The document does not require a signature.'] },
      });
      expect(await t.db.query(`SELECT 1 FROM attestation_requests WHERE person_id = $1`, [person.id])).toEqual([]);
    });

    it('403 for a group manager token', async () => {
      const manager = await createTenant(t.app, { role: 'group_manager' });
      await post({}, manager.auth).expect(403);
    });
  });

  describe('the email', () => {
    it('goes to the recipient once, with the message (escaped in HTML) and the attestation page link', async () => {
      const person = await createPerson(t.app, tenant.organizationId, { firstName: 'Bob', lastName: '<b>Tables</b>' });
      const document = await createDocument(t.app, tenant.organizationId, { name: 'Code & Conduct' });
      const message = 'Hi Bob,\nplease <script>alert(1)</script> sign & return.';
      const response = await post({
        person_id: person.id,
        document_id: document.id,
        recipient_message: message,
      }).expect(201);
      const [email] = await waitForEmailsTo(person.email, 1);
      const [{ access_token_hash: hash }] = await requestRows(person.id, document.id);
      const link = /http:\/\/api\.test\/attest\/([A-Za-z0-9_-]{43})/.exec(email.text);
      expect(link).not.toBeNull();
      expect(createHash('sha256').update(link![1]).digest('hex')).toBe(hash);
      expect(email.subject).toBe(`${tenant.organizationName} asks you to sign "Code & Conduct"`);
      expect(email.text).toContain(message);
      expect(email.text).toContain(tenant.organizationName);
      expect(email.html).toContain('please &lt;script&gt;alert(1)&lt;/script&gt; sign &amp; return.');
      expect(email.html).toContain('Hello <bdi>Bob &lt;b&gt;Tables&lt;/b&gt;</bdi>,');
      expect(email.html).toContain('>Code &amp; Conduct</a>');
      expect(email.html).not.toContain('<script>');
      expect(email.html).toContain(`href="http://api.test/attest/${link![1]}"`);
      expect(email.messageId).toMatch(/^<notification-[0-9a-z]{26}@attestations>$/);
      expect(response.body.id).toBeDefined();
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(smtp.to(person.email)).toHaveLength(1);
    });
  });

  async function waitForEmailsTo(address: string, count: number) {
    const deadline = Date.now() + 10_000;
    while (smtp.to(address).length < count) {
      if (Date.now() > deadline) throw new Error(`no email to ${address}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return smtp.to(address);
  }
});

describe('POST /api/v1/attestation-requests with ATTESTATION_REQUEST_TTL_DAYS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { ATTESTATION_REQUEST_TTL_DAYS: '30' } });
  });
  afterAll(() => t.close());

  it('sets expires_at that many days after creation', async () => {
    const tenant = await createTenant(t.app);
    const person = await createPerson(t.app, tenant.organizationId);
    const document = await createDocument(t.app, tenant.organizationId);
    const response = await t.http
      .post('/api/v1/attestation-requests')
      .set(tenant.auth)
      .send({ person_id: person.id, document_id: document.id })
      .expect(201);
    expect(new Date(response.body.expires_at).getTime() - new Date(response.body.created_at).getTime()).toBe(
      30 * 86_400_000,
    );
  });
});
