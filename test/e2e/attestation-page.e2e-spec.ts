import { createHash, createHmac } from 'node:crypto';
import { FixedClock } from '@lib/core';
import { attestationToken } from '../../src/attestation-requests/domain/attestation-link';
import { createTenant, Tenant } from '../support/fixtures';
import { formOf, issueRequest, openForm, publishDocument, submitForm } from '../support/attestation-page-fixtures';
import { startTestApp, TestApp } from '../support/test-app';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const DAY = 24 * 60 * 60 * 1000;

/**
 * The recipient's page over HTTP: what it shows, the states of the request it moves through, the audit entry,
 * and the security rules (unknown links, forged and replayed forms, escaping, headers, rate limit).
 */
describe('the attestation page (GET/POST /attest/:token)', () => {
  let t: TestApp;
  let tenant: Tenant;
  const clock = new FixedClock(new Date('2026-11-22T10:00:00.000Z'));

  beforeAll(async () => {
    // Room for every request this file makes from one address; the limit itself is tested with its own.
    t = await startTestApp({ clock, env: { RATE_LIMIT_PER_MINUTE: '200' } });
    tenant = await createTenant(t.app, { name: 'Acme <b>Compliance</b> & Co' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const requestRow = async (id: string) =>
    (
      await t.db.query(
        `SELECT status, sent_at, viewed_at, attested_at, expired_at, canceled_at, updated_at
           FROM attestation_requests WHERE id = $1`,
        [id],
      )
    )[0] as Record<string, any>;
  const attestationsOf = (requestId: string) =>
    t.db.query(`SELECT * FROM attestations WHERE attestation_request_id = $1`, [requestId]) as Promise<
      Record<string, any>[]
    >;
  const countsOf = async (documentId: string) => {
    const response = await t.http.get('/api/v1/documents').query({ per_page: 100 }).set(tenant.auth).expect(200);
    return response.body.data.find((d: { id: string }) => d.id === documentId).attestation_counts;
  };

  describe('opening the link', () => {
    it('shows the organization, the document, its text and the message, with a name field and a consent box', async () => {
      const issued = await issueRequest(t, tenant, {
        content: '# Code of Conduct\n\nBe **kind**.\n\n- one\n- two',
        message: 'Please sign by Friday.\nThanks!',
      });
      const response = await t.http.get(issued.path).expect(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      const html = response.text;
      expect(html).toContain('Acme &lt;b&gt;Compliance&lt;/b&gt; &amp; Co');
      expect(html).toContain(`<h1 dir="auto">${issued.document.name}</h1>`);
      // The document's own headings sit under the page's h1 and h2.
      expect(html).toContain('<h3>Code of Conduct</h3>');
      expect(html).toContain('<p>Be <strong>kind</strong>.</p>');
      expect(html).toContain('<li>one</li>');
      expect(html).toContain('Please sign by Friday.\nThanks!');
      expect(html).toContain(sha256('# Code of Conduct\n\nBe **kind**.\n\n- one\n- two'));
      expect(html).toMatch(/<label for="typed_name">Your full name<\/label>/);
      expect(html).toMatch(/<input\s+type="text"\s+id="typed_name"\s+name="typed_name"/);
      expect(html).toMatch(/<input\s+type="checkbox"\s+id="consent"\s+name="consent"\s+value="yes"/);
      expect(html).toMatch(/<label for="consent">/);
      expect(html).toContain('<form class="sign" method="post"');
      expect(html).toContain('<html lang="en">');
    });

    it('renders plain-text revisions as written, and an empty revision says so', async () => {
      const plain = await issueRequest(t, tenant, { content: 'Line one\n  *not markdown*', contentType: 'text/plain' });
      expect((await t.http.get(plain.path).expect(200)).text).toContain(
        '<div class="plain-text">Line one\n  *not markdown*</div>',
      );
      const empty = await issueRequest(t, tenant, { content: '' });
      expect((await t.http.get(empty.path).expect(200)).text).toContain('This document has no text.');
    });

    it('marks the request viewed on the first open only', async () => {
      const issued = await issueRequest(t, tenant);
      expect((await requestRow(issued.requestId)).status).toBe('sent');
      clock.advance(60_000);
      await t.http.get(issued.path).expect(200);
      const first = await requestRow(issued.requestId);
      expect(first.status).toBe('viewed');
      expect(first.viewed_at).toEqual(clock.now());
      clock.advance(60_000);
      await t.http.get(issued.path).expect(200);
      expect((await requestRow(issued.requestId)).viewed_at).toEqual(first.viewed_at);
    });

    it('does not count a HEAD request (a mail scanner checking the link) as a view', async () => {
      const issued = await issueRequest(t, tenant);
      await t.http.head(issued.path).expect(200);
      expect((await requestRow(issued.requestId)).status).toBe('sent');
      expect((await requestRow(issued.requestId)).viewed_at).toBeNull();
    });

    it('sends a strict Content-Security-Policy and no referrer, frame or cache', async () => {
      const issued = await issueRequest(t, tenant);
      const response = await t.http.get(issued.path).expect(200);
      const csp: string = response.headers['content-security-policy'];
      expect(csp.split('; ')).toEqual([
        "default-src 'none'",
        expect.stringMatching(/^style-src 'sha256-[A-Za-z0-9+/]+=*'$/),
        "form-action 'self'",
        "frame-ancestors 'none'",
        "base-uri 'none'",
      ]);
      // The one inline style sheet is the one the policy allows.
      const style = /<style>([\s\S]*?)<\/style>/.exec(response.text)![1];
      expect(csp).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
      expect(response.text).not.toMatch(/<script|\sstyle="|\son\w+=/i);
      expect(response.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'no-referrer',
        'cache-control': 'no-store',
      });
      const cookie = ([] as string[]).concat(response.headers['set-cookie'])[0];
      expect(cookie).toMatch(/^attest_form=[A-Za-z0-9_-]{22}; Path=\/attest; Max-Age=\d+; HttpOnly; SameSite=Strict$/);
    });
  });

  describe('signing', () => {
    it('records the signature: status attested, the audit entry, and the counts move to attested_latest', async () => {
      const content = '# Security policy\n\nLock your screen.';
      const issued = await issueRequest(t, tenant, { content, personName: { firstName: 'Ada', lastName: 'Lovelace' } });
      expect(await countsOf(issued.document.id)).toMatchObject({ pending_attested: 1, attested_latest: 0 });
      const form = await openForm(t, issued.path, '198.51.100.7');
      clock.advance(5 * 60_000);
      const response = await submitForm(
        t,
        issued.path,
        form,
        { typed_name: '  ada   LOVELACE ' },
        {
          ip: '198.51.100.7',
          userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Test/1.0',
        },
      ).expect(200);
      expect(response.text).toContain(`You have signed “<bdi>${issued.document.name}</bdi>”`);
      expect(response.text).toContain('Thank you, <bdi>ada LOVELACE</bdi>.');
      expect(response.text).toContain(sha256(content));

      const row = await requestRow(issued.requestId);
      expect(row).toMatchObject({ status: 'attested', attested_at: clock.now() });
      const [attestation, ...others] = await attestationsOf(issued.requestId);
      expect(others).toEqual([]);
      expect(attestation).toMatchObject({
        organization_id: tenant.organizationId,
        document_revision_id: issued.document.revisionId,
        typed_name: 'ada LOVELACE',
        name_matches_recipient: true,
        content_sha256: sha256(content),
        ip_address: '198.51.100.7',
        user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Test/1.0',
        attested_at: clock.now(),
      });
      expect(await countsOf(issued.document.id)).toMatchObject({ attested_latest: 1, pending_attested: 0, total: 1 });
    });

    it('accepts a name that does not resemble the recipient, and flags it in the audit entry', async () => {
      const issued = await issueRequest(t, tenant, { personName: { firstName: 'Ada', lastName: 'Lovelace' } });
      const form = await openForm(t, issued.path);
      await submitForm(t, issued.path, form, { typed_name: 'Mallory Smith' }).expect(200);
      expect((await requestRow(issued.requestId)).status).toBe('attested');
      expect((await attestationsOf(issued.requestId))[0]).toMatchObject({
        typed_name: 'Mallory Smith',
        name_matches_recipient: false,
      });
    });

    it('tolerates accents, case and order when comparing names, not a part of the first name left out', async () => {
      const personName = { firstName: 'Zoë Ann', lastName: 'Saldaña' };
      const issued = await issueRequest(t, tenant, { personName });
      await submitForm(t, issued.path, await openForm(t, issued.path), { typed_name: 'SALDANA, zoe ann' }).expect(200);
      expect((await attestationsOf(issued.requestId))[0].name_matches_recipient).toBe(true);
      const partly = await issueRequest(t, tenant, { personName });
      await submitForm(t, partly.path, await openForm(t, partly.path), { typed_name: 'zoe saldana' }).expect(200);
      expect((await attestationsOf(partly.requestId))[0].name_matches_recipient).toBe(false);
    });

    it('signs a request opened before it was sent again (sent, not viewed): it passes through viewed', async () => {
      const issued = await issueRequest(t, tenant);
      const form = await openForm(t, issued.path);
      await t.db.query(`UPDATE attestation_requests SET status = 'sent' WHERE id = $1`, [issued.requestId]);
      await submitForm(t, issued.path, form).expect(200);
      const row = await requestRow(issued.requestId);
      expect(row.status).toBe('attested');
      expect(row.viewed_at).not.toBeNull();
    });

    it('re-shows the form with errors (422) and changes nothing without a name or the consent', async () => {
      const issued = await issueRequest(t, tenant);
      const form = await openForm(t, issued.path);
      const before = await requestRow(issued.requestId);
      const response = await submitForm(t, issued.path, form, { typed_name: '   ', consent: null }).expect(422);
      expect(response.text).toContain('There is a problem');
      expect(response.text).toContain('<a href="#typed_name">Type your full name to sign.</a>');
      expect(response.text).toContain('<a href="#consent">Tick the box to confirm');
      expect(response.text).toMatch(
        /id="typed_name"[^>]*aria-describedby="typed_name-hint typed_name-error"[^>]*aria-invalid="true"/,
      );
      expect(response.text).toMatch(/<title>Error: Sign/);
      // The re-shown form still works.
      const again = formOf(response);
      expect(again.formToken).toBe(form.formToken);

      const named = await submitForm(t, issued.path, form, { typed_name: 'Ada Lovelace', consent: null }).expect(422);
      expect(named.text).toContain('value="Ada Lovelace"');
      expect(named.text).not.toContain('Type your full name to sign.');
      expect(await requestRow(issued.requestId)).toEqual(before);
      expect(await attestationsOf(issued.requestId)).toEqual([]);
    });

    it('refuses a name over 255 characters, and drops control characters from the name it records', async () => {
      const issued = await issueRequest(t, tenant);
      const form = await openForm(t, issued.path);
      await submitForm(t, issued.path, form, { typed_name: 'A'.repeat(256) }).expect(422);
      await submitForm(t, issued.path, form, { typed_name: 'Ada\u0000\tLovelace\n' }).expect(200);
      expect((await attestationsOf(issued.requestId))[0].typed_name).toBe('Ada Lovelace');
    });

    it('refuses a form whose document fingerprint is not the revision of the request', async () => {
      const issued = await issueRequest(t, tenant);
      const form = await openForm(t, issued.path);
      const response = await submitForm(t, issued.path, form, { content_sha256: sha256('other text') }).expect(422);
      expect(response.text).toContain('The document on this page is not the one to sign.');
      expect((await requestRow(issued.requestId)).status).toBe('viewed');
    });
  });

  describe('requests that can no longer be signed show a page saying so, never the form', () => {
    const noForm = (html: string) => {
      expect(html).not.toContain('<form');
      expect(html).not.toContain('typed_name');
    };

    it('already attested: 200 on open, and a replayed submission changes nothing', async () => {
      const issued = await issueRequest(t, tenant);
      const form = await openForm(t, issued.path);
      await submitForm(t, issued.path, form, { typed_name: 'Ada Lovelace' }).expect(200);
      const signed = await requestRow(issued.requestId);
      const [attestation] = await attestationsOf(issued.requestId);

      clock.advance(60_000);
      const replay = await submitForm(t, issued.path, form, { typed_name: 'Someone Else' }).expect(200);
      expect(replay.text).toContain(`You have already signed “${issued.document.name}”`);
      noForm(replay.text);
      const opened = await t.http.get(issued.path).expect(200);
      expect(opened.text).toContain('You have already signed');
      expect(opened.text).toContain(signed.attested_at.toISOString());
      noForm(opened.text);
      expect(await requestRow(issued.requestId)).toEqual(signed);
      expect(await attestationsOf(issued.requestId)).toEqual([attestation]);
    });

    it('canceled: 410', async () => {
      const issued = await issueRequest(t, tenant);
      const form = await openForm(t, issued.path);
      // Sending the same document again cancels the older request.
      await issueRequest(t, tenant, { person: issued.person, document: issued.document });
      expect((await requestRow(issued.requestId)).status).toBe('canceled');
      const opened = await t.http.get(issued.path).expect(410);
      expect(opened.text).toContain('This request was canceled');
      noForm(opened.text);
      const posted = await submitForm(t, issued.path, form).expect(410);
      noForm(posted.text);
      expect(await attestationsOf(issued.requestId)).toEqual([]);
    });

    it('expired: 410', async () => {
      const issued = await issueRequest(t, tenant);
      await t.db.query(
        `UPDATE attestation_requests SET status = 'expired', expires_at = $2, expired_at = $2 WHERE id = $1`,
        [issued.requestId, new Date(clock.now().getTime() - DAY)],
      );
      const opened = await t.http.get(issued.path).expect(410);
      expect(opened.text).toContain('This request has expired');
      noForm(opened.text);
    });

    it('past its expires_at but not yet swept: expired at once, on open and on submit', async () => {
      const opened = await issueRequest(t, tenant);
      const submitted = await issueRequest(t, tenant);
      const form = await openForm(t, submitted.path);
      for (const { requestId } of [opened, submitted]) {
        await t.db.query(`UPDATE attestation_requests SET expires_at = $2 WHERE id = $1`, [
          requestId,
          new Date(clock.now().getTime() + 60_000),
        ]);
      }
      clock.advance(60_000);
      const page = await t.http.get(opened.path).expect(410);
      expect(page.text).toContain('This request has expired');
      noForm(page.text);
      expect(await requestRow(opened.requestId)).toMatchObject({ status: 'expired', expired_at: clock.now() });

      const posted = await submitForm(t, submitted.path, form).expect(410);
      noForm(posted.text);
      expect(await requestRow(submitted.requestId)).toMatchObject({ status: 'expired', expired_at: clock.now() });
      expect(await attestationsOf(submitted.requestId)).toEqual([]);
    });

    it('with a delivery problem (bounced): 409, on hold until it is sent again', async () => {
      const issued = await issueRequest(t, tenant);
      await t.db.query(`UPDATE attestation_requests SET status = 'bounced' WHERE id = $1`, [issued.requestId]);
      const opened = await t.http.get(issued.path).expect(409);
      expect(opened.text).toContain('This request is on hold');
      noForm(opened.text);
      expect((await requestRow(issued.requestId)).status).toBe('bounced');
    });
  });

  describe('links and forms that are not genuine', () => {
    it('answers 404 (an HTML page) for a tampered, truncated, extended or foreign token', async () => {
      const issued = await issueRequest(t, tenant);
      const last = issued.token.at(-1) === 'A' ? 'B' : 'A';
      const candidates = [
        issued.token.slice(0, -1) + last,
        issued.token.slice(0, 42),
        issued.token.slice(0, 20),
        `${issued.token}A`,
        issued.token.toUpperCase() === issued.token ? issued.token.toLowerCase() : issued.token.toUpperCase(),
        // Derived the right way, but for an id that is not a request (the person's), or with another APP_KEY.
        attestationToken(t.config.appKey!, issued.person.id),
        createHmac('sha256', 'another-app-key-0123456789abcdef0123456789').update(issued.requestId).digest('base64url'),
        // The request id itself, and the stored hash, are not the token either.
        issued.requestId,
        sha256(issued.token),
      ];
      const form = await openForm(t, issued.path);
      for (const token of candidates) {
        const opened = await t.http.get(`/attest/${encodeURIComponent(token)}`).expect(404);
        expect(opened.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(opened.text).toContain('This link is not valid');
        expect(opened.headers['content-security-policy']).toContain("default-src 'none'");
        await submitForm(t, `/attest/${encodeURIComponent(token)}`, form).expect(404);
      }
      expect((await requestRow(issued.requestId)).status).toBe('viewed');
    });

    it('refuses (403) a form posted without its cookie, with a forged token, or taken from another request', async () => {
      const issued = await issueRequest(t, tenant);
      const other = await issueRequest(t, tenant);
      const form = await openForm(t, issued.path);
      const otherForm = await openForm(t, other.path);

      const cases = [
        submitForm(t, issued.path, form, {}, { cookie: null }),
        submitForm(t, issued.path, form, {}, { cookie: 'attest_form=AAAAAAAAAAAAAAAAAAAAAA' }),
        submitForm(t, issued.path, form, { _form: 'forged' }),
        submitForm(t, issued.path, form, { _form: '' }),
        submitForm(t, issued.path, otherForm, { content_sha256: form.contentSha256 }),
      ];
      for (const response of await Promise.all(cases)) {
        expect(response.status).toBe(403);
        expect(response.text).toContain('This form has expired');
      }
      expect((await requestRow(issued.requestId)).status).toBe('viewed');
      expect(await attestationsOf(issued.requestId)).toEqual([]);
    });

    it('keeps the browser nonce across pages, so two open requests can both be signed', async () => {
      const first = await issueRequest(t, tenant);
      const second = await issueRequest(t, tenant);
      const firstForm = await openForm(t, first.path);
      const secondPage = await t.http.get(second.path).set('Cookie', firstForm.cookie).expect(200);
      const secondForm = formOf(secondPage);
      expect(secondForm.cookie).toBe(firstForm.cookie);
      await submitForm(t, first.path, firstForm).expect(200);
      await submitForm(t, second.path, secondForm).expect(200);
    });

    it('answers a body that is not the form with a page: 415 for JSON, 413 when oversized', async () => {
      const issued = await issueRequest(t, tenant);
      const json = await t.http.post(issued.path).send({ typed_name: 'Ada Lovelace', consent: 'yes' }).expect(415);
      expect(json.headers['content-type']).toBe('text/html; charset=utf-8');
      await t.http
        .post(issued.path)
        .set('Content-Type', 'application/x-www-form-urlencoded')
        .send(`typed_name=${'A'.repeat(20_000)}`)
        .expect(413);
      expect((await requestRow(issued.requestId)).status).toBe('sent');
    });

    it('limits each client IP to RATE_LIMIT_PER_MINUTE page requests, then answers 429 with Retry-After', async () => {
      const issued = await issueRequest(t, tenant);
      const ip = '192.0.2.99';
      for (let i = 0; i < t.config.rateLimitPerMinute; i++) {
        await t.http
          .get(`/attest/${'x'.repeat(43)}`)
          .set('X-Forwarded-For', ip)
          .expect(404);
      }
      // Over the limit, even the right link is refused: guessing learns nothing more.
      const limited = await t.http.get(issued.path).set('X-Forwarded-For', ip).expect(429);
      expect(limited.headers['retry-after']).toMatch(/^\d+$/);
      expect(limited.text).toContain('Too many attempts');
      await t.http.get(issued.path).set('X-Forwarded-For', '192.0.2.100').expect(200);
    });
  });

  describe('escaping', () => {
    it('escapes HTML in the organization, document and person names, the message, the text and the typed name', async () => {
      const evil = '<img src=x onerror=alert(1)>';
      const org = await createTenant(t.app, { name: `Org ${evil}` });
      const document = await publishDocument(t.app, org.organizationId, {
        name: `Doc <script>alert("d")</script>`,
        content: `# Title ${evil}\n\n<script>alert("c")</script>\n\n[click](javascript:alert(1)) <b>bold</b>`,
      });
      const issued = await issueRequest(t, org, {
        document,
        personName: { firstName: '<i>Eve</i>', lastName: `"Quote' & ${evil}` },
        message: `Hi </p><script>alert("m")</script>`,
      });
      const page = await t.http.get(issued.path).expect(200);
      const html = page.text;
      expect(html).not.toMatch(/<script|<img|<i>|<b>|href="javascript:|onerror=alert\(1\)>/i);
      expect(html).toContain('Org &lt;img src=x onerror=alert(1)&gt;');
      expect(html).toContain('<h1 dir="auto">Doc &lt;script&gt;alert(&quot;d&quot;)&lt;/script&gt;</h1>');
      expect(html).toContain('Hi &lt;/p&gt;&lt;script&gt;alert(&quot;m&quot;)&lt;/script&gt;');
      expect(html).toContain('<p>&lt;script&gt;alert("c")&lt;/script&gt;</p>');
      expect(html).toContain('<p>[click](javascript:alert(1)) &lt;b&gt;bold&lt;/b&gt;</p>');
      expect(html).toContain('<h3>Title &lt;img src=x onerror=alert(1)&gt;</h3>');

      const form = formOf(page);
      const invalid = await submitForm(t, issued.path, form, {
        typed_name: `"><script>alert(2)</script>`,
        consent: null,
      });
      expect(invalid.status).toBe(422);
      expect(invalid.text).not.toMatch(/<script/i);
      expect(invalid.text).toContain('value="&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;"');

      const signed = await submitForm(t, issued.path, form, { typed_name: `Eve <script>alert(3)</script>` }).expect(
        200,
      );
      expect(signed.text).not.toMatch(/<script/i);
      expect(signed.text).toContain('Thank you, <bdi>Eve &lt;script&gt;alert(3)&lt;/script&gt;</bdi>.');
      expect((await attestationsOf(issued.requestId))[0].typed_name).toBe('Eve <script>alert(3)</script>');
    });

    it('keeps links in the text, without sending the page address to the linked site', async () => {
      const issued = await issueRequest(t, tenant, { content: 'See [the handbook](https://example.com/handbook).' });
      const html = (await t.http.get(issued.path).expect(200)).text;
      expect(html).toContain(
        '<a href="https://example.com/handbook" rel="noopener noreferrer nofollow" referrerpolicy="no-referrer">the handbook</a>',
      );
    });
  });
});
