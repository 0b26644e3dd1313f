import { createHash } from 'node:crypto';
import type request from 'supertest';
import { extractText, getDocumentProxy } from 'unpdf';
import { FixedClock } from '@lib/core';
import { CreateUser } from '../../src/identity/application/create-user.use-case';
import { IssueApiToken } from '../../src/identity/application/issue-api-token.use-case';
import { issueRequest, IssuedRequest, openForm, submitForm } from '../support/attestation-page-fixtures';
import { createTenant, Tenant } from '../support/fixtures';
import { startTestApp, TestApp } from '../support/test-app';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The response body as bytes, for the PDF (supertest buffers only the types it knows as text). */
const binary = (call: request.Test) =>
  call.buffer(true).parse((response, done) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () => done(null, Buffer.concat(chunks)));
  });

async function pdfText(body: Buffer): Promise<{ text: string; pages: number }> {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  const { text, totalPages } = await extractText(pdf, { mergePages: true });
  return { text, pages: totalPages };
}

/**
 * Evidence of an attestation (docs/api-guide.md): the JSON evidence record in each state of a request, and the
 * PDF certificate of completion of a signed one, read back with a PDF text extractor.
 */
describe('evidence of an attestation', () => {
  let t: TestApp;
  let tenant: Tenant;
  const clock = new FixedClock(new Date('2026-11-22T10:00:00.000Z'));
  const CONTENT = '# Code of conduct\n\nBe kind. Ünïcödé and 中文 text is hashed as UTF-8.';

  beforeAll(async () => {
    t = await startTestApp({ clock, env: { RATE_LIMIT_PER_MINUTE: '500' } });
    tenant = await createTenant(t.app, { name: 'Acme <b>Compliance</b>' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const evidenceOf = (id: string, auth = tenant.auth) =>
    t.http.get(`/api/v1/attestation-requests/${id}/evidence`).set(auth);
  const eventsOf = async (id: string) =>
    (await t.http.get(`/api/v1/attestation-requests/${id}/events`).set(tenant.auth).expect(200)).body.data;
  const typesOf = (events: { type: string }[]) => events.map((event) => event.type);
  const certificateOf = (id: string, auth = tenant.auth) =>
    binary(t.http.get(`/api/v1/attestation-requests/${id}/certificate`).set(auth));

  /** Opens the page and signs, as the recipient; answers the confirmation page's HTML. */
  async function sign(issued: IssuedRequest, typedName: string): Promise<string> {
    clock.advance(60_000);
    const form = await openForm(t, issued.path, '203.0.113.9');
    clock.advance(60_000);
    const signed = await submitForm(
      t,
      issued.path,
      form,
      { typed_name: typedName },
      {
        ip: '203.0.113.9',
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Evidence/1.0',
      },
    );
    expect(signed.status).toBe(200);
    return signed.text;
  }

  describe('GET /attestation-requests/{id}/evidence', () => {
    it('describes a sent request: the request, its document and revision, no attestation', async () => {
      const issued = await issueRequest(t, tenant, { content: CONTENT });
      const response = await evidenceOf(issued.requestId).expect(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const body = response.body;
      expect(body.attestation_request).toMatchObject({ id: issued.requestId, status: 'sent', viewed_at: null });
      expect(body.document).toEqual({ id: issued.document.id, name: issued.document.name });
      expect(body.revision).toEqual({
        id: issued.document.revisionId,
        published_at: expect.any(String),
        content_sha256: sha256(CONTENT),
      });
      expect(body.attestation).toBeNull();
      expect(typesOf(body.events)).toEqual(['attestation_request.created']);
      expect(body.events).toEqual(await eventsOf(issued.requestId));
      expect(Object.keys(body)).toEqual([
        'attestation_request',
        'document',
        'revision',
        'attestation',
        'decline',
        'events',
      ]);
      expect(body.decline).toBeNull();
    });

    it('describes a viewed request', async () => {
      const issued = await issueRequest(t, tenant, { content: CONTENT });
      clock.advance(1000);
      await t.http.get(issued.path).expect(200);
      const body = (await evidenceOf(issued.requestId).expect(200)).body;
      expect(body.attestation_request).toMatchObject({ status: 'viewed', viewed_at: clock.now().toISOString() });
      expect(body.attestation).toBeNull();
      expect(typesOf(body.events)).toEqual(['attestation_request.created', 'attestation_request.viewed']);
      expect(body.events).toEqual(await eventsOf(issued.requestId));
    });

    it('describes a signed request with what the signer typed and was shown, as the confirmation page showed it', async () => {
      const issued = await issueRequest(t, tenant, { content: CONTENT });
      const confirmation = await sign(issued, 'Ada   Lovelace');
      const shown = /Fingerprint of the text you signed \(SHA-256\): <code>([0-9a-f]{64})<\/code>/.exec(
        confirmation,
      )?.[1];
      const body = (await evidenceOf(issued.requestId).expect(200)).body;
      expect(body.attestation_request).toMatchObject({ status: 'attested', attested_at: clock.now().toISOString() });
      expect(body.attestation).toEqual({
        typed_name: 'Ada Lovelace',
        name_matches_recipient: true,
        attested_at: body.attestation_request.attested_at,
        ip: '203.0.113.9',
        user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Evidence/1.0',
        content_sha256: sha256(CONTENT),
      });
      expect(shown).toBe(sha256(CONTENT));
      expect(body.revision.content_sha256).toBe(body.attestation.content_sha256);
      expect(typesOf(body.events)).toEqual([
        'attestation_request.created',
        'attestation_request.viewed',
        'attestation_request.attested',
      ]);
      expect(body.events).toEqual(await eventsOf(issued.requestId));
      expect(body.events[2]).toMatchObject({ timestamp: body.attestation.attested_at, data: body.attestation_request });
    });

    it('flags a typed name that does not resemble the recipient', async () => {
      const issued = await issueRequest(t, tenant);
      await sign(issued, 'Somebody Else');
      const body = (await evidenceOf(issued.requestId).expect(200)).body;
      expect(body.attestation).toMatchObject({ typed_name: 'Somebody Else', name_matches_recipient: false });
    });

    it('accepts the id in upper case', async () => {
      const issued = await issueRequest(t, tenant);
      const body = (await evidenceOf(issued.requestId.toUpperCase()).expect(200)).body;
      expect(body.attestation_request.id).toBe(issued.requestId);
    });
  });

  describe('GET /attestation-requests/{id}/certificate', () => {
    it('answers a PDF download that holds the typed name, the request id and the SHA-256 of the text', async () => {
      const issued = await issueRequest(t, tenant, { content: CONTENT });
      await sign(issued, 'Ada Lovelace');
      const response = await certificateOf(issued.requestId).expect(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="attestation-${issued.requestId}.pdf"`,
      );
      const body = response.body as Buffer;
      expect(Number(response.headers['content-length'])).toBe(body.length);
      expect(body.subarray(0, 5).toString()).toBe('%PDF-');
      const { text, pages } = await pdfText(body);
      expect(pages).toBe(1);
      for (const expected of [
        'Certificate of completion',
        'Acme <b>Compliance</b>',
        issued.document.name,
        issued.document.revisionId,
        issued.person.email,
        'Ada Lovelace',
        issued.requestId,
        sha256(CONTENT),
        '203.0.113.9',
        'Mozilla/5.0 (X11; Linux x86_64) Evidence/1.0',
        'Yes: the typed name resembles',
        'Signed with a typed name',
        '22 Nov 2026, 10:', // the signing time, in UTC
        'Request created',
        'Opened by the recipient',
        "From the request's event log",
      ]) {
        expect(text).toContain(expected);
      }
      // The page is A4.
      const pdf = await getDocumentProxy(new Uint8Array(body));
      const page = await pdf.getPage(1);
      expect(page.view.map(Math.round)).toEqual([0, 0, 595, 842]);
    });

    it('draws a name in Latin with accents, Chinese, Japanese, Korean, Arabic and Hebrew', async () => {
      const name = 'Zoë Ñúñez-Łukasz 王小明 たなか 김민준 محمد علي דוד';
      const issued = await issueRequest(t, tenant, { personName: { firstName: 'Zoë', lastName: 'דוד' } });
      await sign(issued, name);
      const response = await certificateOf(issued.requestId).expect(200);
      const { text } = await pdfText(response.body as Buffer);
      for (const part of ['Zoë', 'Ñúñez-Łukasz', '王小明', 'たなか', '김민준', 'محمد', 'علي', 'דוד']) {
        expect(text).toContain(part);
      }
      // Nothing in that name needs the code point fallback.
      expect(text).not.toContain('[U+');
    });

    it('shows HTML in names as text, and a character no font has as its code point', async () => {
      const issued = await issueRequest(t, tenant, {
        personName: { firstName: '<script>alert(1)</script>', lastName: '<b>Bold</b>' },
      });
      await sign(issued, '<img src=x onerror=alert(1)> Ada 😀');
      const { text } = await pdfText((await certificateOf(issued.requestId).expect(200)).body as Buffer);
      expect(text).toContain('<script>alert(1)</script> <b>Bold</b>');
      expect(text).toContain('<img src=x onerror=alert(1)> Ada [U+1F600]');
      expect(text).toContain('shown as their Unicode code points');
    });

    it("builds the timeline from the request's own times when it has no event log (created before there was one)", async () => {
      const issued = await issueRequest(t, tenant);
      await sign(issued, 'Ada Lovelace');
      await t.db.query(`DELETE FROM events WHERE attestation_request_id = $1`, [issued.requestId]);
      expect((await evidenceOf(issued.requestId).expect(200)).body.events).toEqual([]);
      const { text } = await pdfText((await certificateOf(issued.requestId).expect(200)).body as Buffer);
      expect(text).toContain("Built from the request's recorded times");
      expect(text).toContain('Request email sent');
      expect(text).toContain('Signed with a typed name');
    });

    it('refuses every status but attested with 409', async () => {
      const issued = await issueRequest(t, tenant);
      for (const status of ['created', 'sent', 'viewed', 'canceled', 'expired', 'bounced', 'failed', 'complained']) {
        await t.db.query(`UPDATE attestation_requests SET status = $2 WHERE id = $1`, [issued.requestId, status]);
        const response = await certificateOf(issued.requestId).expect(409);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(JSON.parse((response.body as Buffer).toString())).toEqual({
          error: 'The attestation request is not attested.',
        });
        // The evidence record answers in every status.
        expect((await evidenceOf(issued.requestId).expect(200)).body.attestation_request.status).toBe(status);
      }
    });
  });

  describe('access', () => {
    let signed: IssuedRequest;
    beforeAll(async () => {
      signed = await issueRequest(t, tenant);
      await sign(signed, 'Ada Lovelace');
    });

    it("answers 404 for another organization's request, a malformed id and an unknown one", async () => {
      const other = await createTenant(t.app);
      for (const id of [signed.requestId, 'not-a-ulid', '01jd7x5m3q4r8s9t0v1w2x3y4z']) {
        const auth = id === signed.requestId ? other.auth : tenant.auth;
        expect((await evidenceOf(id, auth).expect(404)).body).toEqual({ error: 'Not found.' });
        const certificate = await certificateOf(id, auth).expect(404);
        expect(JSON.parse((certificate.body as Buffer).toString())).toEqual({ error: 'Not found.' });
      }
    });

    it("refuses a group manager's token with 403, and an administrator's is enough", async () => {
      const manager = await createTenant(t.app, { role: 'group_manager' });
      expect((await evidenceOf(signed.requestId, manager.auth).expect(403)).body).toEqual({
        message: 'This action is unauthorized.',
      });
      await certificateOf(signed.requestId, manager.auth).expect(403);
      const { user } = await t.app.get(CreateUser).execute({
        organizationId: tenant.organizationId,
        name: 'Alan Turing',
        email: `alan.${Date.now()}@example.test`,
        role: 'administrator',
      });
      const { plaintext } = await t.app
        .get(IssueApiToken)
        .execute({ userId: user.id, organizationId: tenant.organizationId });
      const administrator = { Authorization: `Bearer ${plaintext}` };
      await evidenceOf(signed.requestId, administrator).expect(200);
      await certificateOf(signed.requestId, administrator).expect(200);
    });

    it('needs a token', async () => {
      await t.http.get(`/api/v1/attestation-requests/${signed.requestId}/evidence`).expect(401);
      await t.http.get(`/api/v1/attestation-requests/${signed.requestId}/certificate`).expect(401);
    });
  });
});
