import type { INestApplicationContext } from '@nestjs/common';
import { FixedClock } from '@lib/core';
import { AttestationLinks } from '../../src/attestation-requests/application/attestation-links';
import { SendDueReminders } from '../../src/attestation-requests/application/send-due-reminders.use-case';
import {
  formOf,
  issueRequest,
  IssuedRequest,
  openForm,
  publishDocument,
  submitForm,
} from '../support/attestation-page-fixtures';
import { createTenant, Tenant } from '../support/fixtures';
import { createPerson, eventually, never, startWorker } from '../support/membership-fixtures';
import { SmtpCapture, startSmtpCapture } from '../support/smtp-capture';
import { startTestApp, TestApp } from '../support/test-app';

const MINUTE = 60_000;

/**
 * The signer's side of a request: delivery without email, one-time signing URLs and the page's session, who may
 * frame the page, declining, why a request was canceled, the recording notice, the name match, and the signer's
 * copy by email with the certificate.
 */
describe("the signer's side", () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let worker: INestApplicationContext;
  let tenant: Tenant;
  const clock = new FixedClock(new Date('2026-11-27T10:00:00.000Z'));

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await startTestApp({ clock, env: { SMTP_URL: smtp.url, RATE_LIMIT_PER_MINUTE: '500' } });
    worker = await startWorker(t);
    tenant = await createTenant(t.app);
  });
  afterAll(async () => {
    await worker?.close();
    await t?.close();
    await smtp?.close();
  });

  const send = (body: Record<string, unknown>, auth = tenant.auth) =>
    t.http.post('/api/v1/attestation-requests').set(auth).send(body);
  const eventTypes = async (requestId: string) =>
    (await t.http.get(`/api/v1/attestation-requests/${requestId}/events`).set(tenant.auth).expect(200)).body.data.map(
      (e: { type: string }) => e.type,
    );
  const signingUrl = async (requestId: string) =>
    (await t.http.post(`/api/v1/attestation-requests/${requestId}/signing-url`).set(tenant.auth).expect(201)).body as {
      url: string;
      expires_at: string;
    };
  const pathOf = (url: string) => new URL(url).pathname;
  const cookieOf = (response: { headers: Record<string, unknown> }, name: string) =>
    ([] as string[])
      .concat((response.headers['set-cookie'] as string[] | undefined) ?? [])
      .find((header) => header.startsWith(`${name}=`));

  describe('delivery', () => {
    it('emails by default; with "none" sends no email, yet the request is sent and shows how it is delivered', async () => {
      const person = await createPerson(t.app, tenant.organizationId);
      const document = await publishDocument(t.app, tenant.organizationId);
      const byEmail = await send({ person_id: person.id, document_id: document.id }).expect(201);
      expect(byEmail.body).toMatchObject({ status: 'sent', delivery: 'email', cancel_reason: null });
      await eventually(async () => smtp.to(person.email).length === 1, 10_000, 'the request email');

      const quiet = await createPerson(t.app, tenant.organizationId);
      const none = await send({ person_id: quiet.id, document_id: document.id, delivery: 'none' }).expect(201);
      expect(none.body).toMatchObject({ status: 'sent', delivery: 'none' });
      expect((await t.http.get(`/api/v1/attestation-requests/${none.body.id}`).set(tenant.auth)).body.delivery).toBe(
        'none',
      );
      await never(() => smtp.to(quiet.email).length > 0, 1_500);
      const [row] = await t.db.query(`SELECT count(*)::int AS n FROM notifications WHERE person_id = $1`, [quiet.id]);
      expect(row.n).toBe(0);

      // Reminders are not emailed: a manual one is refused, the automatic pass leaves it alone.
      const remind = await t.http.post(`/api/v1/attestation-requests/${none.body.id}/remind`).set(tenant.auth);
      expect(remind.status).toBe(409);
      expect(remind.body).toEqual({
        error: 'The attestation request is delivered without email: no reminder is sent.',
      });
      clock.advance(30 * 24 * 60 * MINUTE);
      const reminded = await t.app.get(SendDueReminders).execute();
      expect(reminded.requestIds).not.toContain(none.body.id);
      expect(reminded.requestIds).toContain(byEmail.body.id);
      await never(() => smtp.to(quiet.email).length > 0, 1_000);
    });

    it('refuses an unknown delivery with 422 on the field', async () => {
      const person = await createPerson(t.app, tenant.organizationId);
      const document = await publishDocument(t.app, tenant.organizationId);
      const response = await send({ person_id: person.id, document_id: document.id, delivery: 'sms' }).expect(422);
      expect(response.body.errors).toEqual({ delivery: ['The selected delivery is invalid.'] });
    });
  });

  describe('signing URL', () => {
    let issued: IssuedRequest;
    beforeAll(async () => {
      issued = await issueRequest(t, tenant);
    });

    it('opens the page once, then the page continues in its session; a second load is refused with 410', async () => {
      const { url, expires_at } = await signingUrl(issued.requestId);
      expect(url).toMatch(new RegExp(`^${t.config.appUrl}/attest/link/[A-Za-z0-9_-]{43}$`));
      expect(new Date(expires_at).getTime()).toBe(clock.now().getTime() + 10 * MINUTE);

      const first = await t.http.get(pathOf(url)).expect(303);
      const sessionPath = first.headers.location as string;
      expect(sessionPath).toMatch(/^\/attest\/session\/[0-9a-z]{26}$/);
      const cookie = cookieOf(first, 'attest_session')!;
      expect(cookie).toContain(`Path=${sessionPath}`);
      expect(cookie).toContain('HttpOnly');

      const page = await t.http.get(sessionPath).set('Cookie', cookie.split(';')[0]).expect(200);
      expect(page.text).toContain(`<form class="sign" method="post" action="${sessionPath}"`);
      expect((await t.http.get(`/api/v1/attestation-requests/${issued.requestId}`).set(tenant.auth)).body.status).toBe(
        'viewed',
      );

      const again = await t.http.get(pathOf(url)).expect(410);
      expect(again.text).toContain('This signing link has already been used');
      expect(cookieOf(again, 'attest_session')).toBeUndefined();

      // Without the session's cookie (another browser), the session's page is not shown.
      const elsewhere = await t.http.get(sessionPath).expect(403);
      expect(elsewhere.text).toContain('This page is not open in this browser');
      await t.http.get(sessionPath).set('Cookie', 'attest_session=forged').expect(403);
    });

    it('signs within the session, with the form protected by the session', async () => {
      const request = await issueRequest(t, tenant, { personName: { firstName: 'Grace', lastName: 'Hopper' } });
      const first = await t.http.get(pathOf((await signingUrl(request.requestId)).url)).expect(303);
      const sessionPath = first.headers.location as string;
      const cookie = cookieOf(first, 'attest_session')!.split(';')[0];
      const page = await t.http.get(sessionPath).set('Cookie', cookie).expect(200);
      const formToken = /name="_form" value="([^"]+)"/.exec(page.text)![1];
      const contentSha256 = /name="content_sha256" value="([^"]+)"/.exec(page.text)![1];
      const form = { formToken, contentSha256, cookie, html: page.text };

      await submitForm(t, sessionPath, { ...form, formToken: 'x'.repeat(43) }, { typed_name: 'Hopper, Grace' }).expect(
        403,
      );
      const signed = await submitForm(t, sessionPath, form, { typed_name: 'Hopper, Grace' }).expect(200);
      expect(signed.text).toContain('You have signed');
      const evidence = await t.http
        .get(`/api/v1/attestation-requests/${request.requestId}/evidence`)
        .set(tenant.auth)
        .expect(200);
      expect(evidence.body.attestation).toMatchObject({ typed_name: 'Hopper, Grace', name_matches_recipient: true });
    });

    it('expires after 10 minutes with a page saying so (410)', async () => {
      const { url } = await signingUrl(issued.requestId);
      clock.advance(10 * MINUTE);
      const late = await t.http.get(pathOf(url)).expect(410);
      expect(late.text).toContain('This signing link has expired');
      expect(late.headers['content-type']).toBe('text/html; charset=utf-8');
    });

    it('is not made for a final request (409), nor for another organization (404); unknown links are 404', async () => {
      const request = await issueRequest(t, tenant);
      await t.http.post(`/api/v1/attestation-requests/${request.requestId}/cancel`).set(tenant.auth).expect(200);
      const refused = await t.http
        .post(`/api/v1/attestation-requests/${request.requestId}/signing-url`)
        .set(tenant.auth)
        .expect(409);
      expect(refused.body).toEqual({ error: 'The attestation request is canceled.' });
      const other = await createTenant(t.app);
      await t.http.post(`/api/v1/attestation-requests/${issued.requestId}/signing-url`).set(other.auth).expect(404);
      await t.http.get(`/attest/link/${'A'.repeat(43)}`).expect(404);
      await t.http.get('/attest/link/short').expect(404);
      await t.http.get('/attest/session/not-a-link').expect(403);
    });
  });

  describe('who may frame the page', () => {
    it("lists the organization's origins in frame-ancestors, none by default, and validates them", async () => {
      const own = await createTenant(t.app);
      const issued = await issueRequest(t, own);
      const before = await t.http.get(issued.path).expect(200);
      expect(before.headers['content-security-policy']).toContain("frame-ancestors 'none'");

      const bad = await t.http
        .patch('/api/v1/organization')
        .set(own.auth)
        .send({ signing_frame_origins: ['https://ok.example', 'http://plain.example', 'https://x.example/path'] })
        .expect(422);
      expect(Object.keys(bad.body.errors)).toEqual(['signing_frame_origins.1', 'signing_frame_origins.2']);
      await t.http.patch('/api/v1/organization').set(own.auth).send({ signing_frame_origins: 'x' }).expect(422);

      const changed = await t.http
        .patch('/api/v1/organization')
        .set(own.auth)
        .send({ signing_frame_origins: ['https://HR.example.com/', 'https://portal.example:8443'] })
        .expect(200);
      expect(changed.body).toEqual({
        id: own.organizationId,
        name: own.organizationName,
        default_locale: 'en',
        signing_frame_origins: ['https://hr.example.com', 'https://portal.example:8443'],
      });
      const after = await t.http.get(issued.path).expect(200);
      const csp = after.headers['content-security-policy'] as string;
      expect(csp).toContain('frame-ancestors https://hr.example.com https://portal.example:8443;');
      // Everything else of the policy is as it was.
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("form-action 'self'");
      expect(csp).toContain("base-uri 'none'");
      // Another organization's page is not affected.
      expect((await t.http.get((await issueRequest(t, tenant)).path)).headers['content-security-policy']).toContain(
        "frame-ancestors 'none'",
      );

      await t.http.patch('/api/v1/organization').set(own.auth).send({ signing_frame_origins: [] }).expect(200);
      expect((await t.http.get(issued.path)).headers['content-security-policy']).toContain("frame-ancestors 'none'");
    });

    it('is for owners and administrators only', async () => {
      const manager = await createTenant(t.app, { role: 'group_manager' });
      await t.http.patch('/api/v1/organization').set(manager.auth).send({ signing_frame_origins: [] }).expect(403);
      const admin = await createTenant(t.app, { role: 'administrator' });
      await t.http.patch('/api/v1/organization').set(admin.auth).send({}).expect(200);
    });
  });

  describe('declining', () => {
    const decline = (request: IssuedRequest, form: { formToken: string; cookie: string }, reason: string) =>
      t.http
        .post(`${request.path}/decline`)
        .set('Content-Type', 'application/x-www-form-urlencoded')
        .set('Cookie', form.cookie)
        .send(new URLSearchParams({ _form: form.formToken, decline_reason: reason }).toString());

    it('cancels the request as declined, with the reason in the evidence, declined then canceled events', async () => {
      const request = await issueRequest(t, tenant);
      const form = await openForm(t, request.path);
      expect(form.html).toContain(`action="${request.path}/decline"`);
      const declined = await decline(request, form, '  I was never employed here.  ').expect(200);
      expect(declined.text).toContain('You declined to sign');

      const shown = await t.http.get(`/api/v1/attestation-requests/${request.requestId}`).set(tenant.auth).expect(200);
      expect(shown.body).toMatchObject({ status: 'canceled', cancel_reason: 'declined' });
      expect(shown.body.canceled_at).not.toBeNull();
      expect(await eventTypes(request.requestId)).toEqual([
        'attestation_request.created',
        'attestation_request.viewed',
        'attestation_request.declined',
        'attestation_request.canceled',
      ]);
      const evidence = await t.http
        .get(`/api/v1/attestation-requests/${request.requestId}/evidence`)
        .set(tenant.auth)
        .expect(200);
      expect(evidence.body.decline).toEqual({
        reason: 'I was never employed here.',
        declined_at: shown.body.canceled_at,
      });
      // A type the feed and the webhooks' filters know.
      await t.http.get('/api/v1/events').query({ type: 'attestation_request.declined' }).set(tenant.auth).expect(200);

      const later = await t.http.get(request.path).expect(410);
      expect(later.text).toContain('You declined this request');
      await decline(request, form, 'again').expect(410);
    });

    it('takes no reason, or 1,000 characters; 1,001 is a clear error and changes nothing', async () => {
      const request = await issueRequest(t, tenant);
      const form = await openForm(t, request.path);
      const tooLong = await decline(request, form, 'x'.repeat(1001)).expect(422);
      expect(tooLong.text).toContain('Your reason can be at most 1,000 characters.');
      expect(tooLong.text).toContain('<details class="decline" open>');
      expect((await t.http.get(`/api/v1/attestation-requests/${request.requestId}`).set(tenant.auth)).body.status).toBe(
        'viewed',
      );
      await decline(request, formOf(tooLong), 'y'.repeat(1000)).expect(200);
      const [row] = await t.db.query(`SELECT decline_reason FROM attestation_requests WHERE id = $1`, [
        request.requestId,
      ]);
      expect(row.decline_reason).toBe('y'.repeat(1000));

      const silent = await issueRequest(t, tenant);
      await decline(silent, await openForm(t, silent.path), '').expect(200);
      const evidence = await t.http.get(`/api/v1/attestation-requests/${silent.requestId}/evidence`).set(tenant.auth);
      expect(evidence.body.decline.reason).toBeNull();
    });

    it('refuses a forged decline and changes nothing', async () => {
      const request = await issueRequest(t, tenant);
      const form = await openForm(t, request.path);
      await decline(request, { ...form, formToken: 'forged' }, 'no').expect(403);
      expect((await t.http.get(`/api/v1/attestation-requests/${request.requestId}`).set(tenant.auth)).body.status).toBe(
        'viewed',
      );
    });

    it('names every other cancel: canceled through the API, superseded by a newer request', async () => {
      const person = await createPerson(t.app, tenant.organizationId);
      const document = await publishDocument(t.app, tenant.organizationId);
      const first = await send({ person_id: person.id, document_id: document.id }).expect(201);
      const second = await send({ person_id: person.id, document_id: document.id }).expect(201);
      const replaced = await t.http.get(`/api/v1/attestation-requests/${first.body.id}`).set(tenant.auth);
      expect(replaced.body).toMatchObject({ status: 'canceled', cancel_reason: 'superseded' });
      const canceled = await t.http
        .post(`/api/v1/attestation-requests/${second.body.id}/cancel`)
        .set(tenant.auth)
        .expect(200);
      expect(canceled.body.cancel_reason).toBe('canceled');
      const [event] = (
        await t.http.get(`/api/v1/attestation-requests/${second.body.id}/events`).set(tenant.auth)
      ).body.data.slice(-1);
      expect(event).toMatchObject({ type: 'attestation_request.canceled', data: { cancel_reason: 'canceled' } });
    });
  });

  describe('the page', () => {
    it('states what is recorded above the sign button', async () => {
      const request = await issueRequest(t, tenant);
      const { html } = await openForm(t, request.path);
      const notice = html.indexOf('your IP address and your browser (user agent) are recorded');
      const button = html.indexOf('<button type="submit" aria-describedby="recording-notice">Sign the document');
      expect(notice).toBeGreaterThan(0);
      expect(button).toBeGreaterThan(notice);
      expect(html.slice(button)).not.toContain('IP address');
    });

    it('flags a typed name that is not exactly the first and last name', async () => {
      for (const [typed, matches] of [
        ['LOVELACE, ada', true],
        ['Ada King Lovelace', false],
      ] as const) {
        const request = await issueRequest(t, tenant);
        await submitForm(t, request.path, await openForm(t, request.path), { typed_name: typed }).expect(200);
        const evidence = await t.http
          .get(`/api/v1/attestation-requests/${request.requestId}/evidence`)
          .set(tenant.auth)
          .expect(200);
        expect(evidence.body.attestation.name_matches_recipient).toBe(matches);
      }
    });
  });

  describe("the signer's copy", () => {
    it('emails the signer once, with the certificate attached, after signing', async () => {
      const person = await createPerson(t.app, tenant.organizationId, { firstName: 'Mary', lastName: 'Somerville' });
      const document = await publishDocument(t.app, tenant.organizationId, { name: 'Travel policy' });
      const created = await send({ person_id: person.id, document_id: document.id, delivery: 'none' }).expect(201);
      const path = `/attest/${t.app.get(AttestationLinks).tokenFor(created.body.id)}`;
      await submitForm(t, path, await openForm(t, path), { typed_name: 'Mary Somerville' }).expect(200);

      await eventually(async () => smtp.to(person.email).length === 1, 20_000, 'the confirmation');
      const [email] = smtp.to(person.email);
      expect(email.subject).toBe('You signed “Travel policy”');
      expect(email.text).toContain('Name you typed: Mary Somerville');
      expect(email.attachments).toHaveLength(1);
      const [pdf] = email.attachments;
      expect(pdf.filename).toBe(`attestation-${created.body.id}.pdf`);
      expect(pdf.contentType).toBe('application/pdf');
      expect(pdf.content.subarray(0, 5).toString()).toBe('%PDF-');
      await never(() => smtp.to(person.email).length > 1, 1_500);
      const rows = await t.db.query(`SELECT kind, status FROM notifications WHERE person_id = $1`, [person.id]);
      expect(rows).toEqual([{ kind: 'confirmation', status: 'sent' }]);
    });
  });
});
