import type { INestApplicationContext } from '@nestjs/common';
import { FixedClock } from '@lib/core';
import { ExpireOverdueRequests } from '../../src/attestation-requests/application/expire-overdue-requests.use-case';
import { SendDueReminders } from '../../src/attestation-requests/application/send-due-reminders.use-case';
import { ArchiveDocument } from '../../src/documents/application/archive-document.use-case';
import { ArchivePerson } from '../../src/people/application/archive-person.use-case';
import { issueRequest, IssuedRequest, openForm, submitForm } from '../support/attestation-page-fixtures';
import { createTenant, Tenant } from '../support/fixtures';
import { eventually, never, startWorker } from '../support/membership-fixtures';
import { SmtpCapture, startSmtpCapture } from '../support/smtp-capture';
import { startTestApp, TestApp } from '../support/test-app';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const LINK = /http:\/\/api\.test(\/attest\/[A-Za-z0-9_-]{43})/g;

/**
 * POST /attestation-requests/{id}/cancel and /remind, through the real worker and SMTP. The lifecycle passes are
 * run by hand (SendDueReminders, ExpireOverdueRequests) so the clock alone decides what is due; the shared clock
 * only moves forward. ATTESTATION_REQUEST_TTL_DAYS is 30 and REMINDER_INTERVAL_DAYS the default 3.
 */
describe('POST /api/v1/attestation-requests/{id}/cancel and /remind', () => {
  let smtp: SmtpCapture;
  let t: TestApp;
  let worker: INestApplicationContext;
  let tenant: Tenant;
  let other: Tenant;
  const clock = new FixedClock(new Date('2026-11-22T09:00:00.000Z'));

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await startTestApp({
      clock,
      env: { SMTP_URL: smtp.url, ATTESTATION_REQUEST_TTL_DAYS: '30', RATE_LIMIT_PER_MINUTE: '100000' },
    });
    // The scheduled passes would run at the start only; these tests run them by hand when the clock says so.
    worker = await startWorker(t, { lifecycleIntervalMs: 24 * HOUR });
    tenant = await createTenant(t.app, { name: 'Actions Ltd' });
    other = await createTenant(t.app);
  });
  afterAll(async () => {
    await worker?.close();
    await t?.close();
    await smtp?.close();
  });

  const cancel = (requestId: string, auth = tenant.auth) =>
    t.http.post(`/api/v1/attestation-requests/${requestId}/cancel`).set(auth);
  const remind = (requestId: string, auth = tenant.auth) =>
    t.http.post(`/api/v1/attestation-requests/${requestId}/remind`).set(auth);
  const row = async (requestId: string) =>
    (
      await t.db.query(
        `SELECT status, reminder_count, last_reminded_at, canceled_at, updated_at FROM attestation_requests WHERE id = $1`,
        [requestId],
      )
    )[0] as { status: string; reminder_count: number; last_reminded_at: Date | null; canceled_at: Date | null };
  const setStatus = (requestId: string, status: string) =>
    t.db.query(`UPDATE attestation_requests SET status = $2 WHERE id = $1`, [requestId, status]);
  const remindersTo = (address: string) => smtp.to(address).filter((email) => email.subject.startsWith('Reminder:'));
  const linksIn = (text: string) => [...text.matchAll(LINK)].map((match) => match[1]);
  /**
   * A request whose first email has been delivered and recorded, so later emails are told apart from it, and a
   * status set afterwards stays (recording a delivery returns a request with a delivery problem to sent).
   */
  const delivered = async (): Promise<IssuedRequest> => {
    const issued = await issueRequest(t, tenant);
    await eventually(
      async () =>
        smtp.to(issued.person.email).length === 1 &&
        (
          await t.db.query(`SELECT 1 FROM notifications WHERE $1 = ANY(attestation_request_ids) AND status = 'sent'`, [
            issued.requestId,
          ])
        ).length === 1,
      10_000,
      'the request email, recorded',
    );
    return issued;
  };

  describe('cancel', () => {
    it.each(['created', 'sent', 'viewed', 'bounced', 'failed', 'complained'])(
      'cancels a %s request: 200, canceled with canceled_at',
      async (status) => {
        // Delivered first: recording a delivery returns a request with a delivery problem to sent.
        const issued = await delivered();
        if (status === 'viewed') await t.http.get(issued.path).expect(200);
        else if (status !== 'sent') await setStatus(issued.requestId, status);
        clock.advance(MINUTE);
        const { body } = await cancel(issued.requestId).expect(200);
        expect(body).toMatchObject({
          id: issued.requestId,
          status: 'canceled',
          canceled_at: clock.now().toISOString(),
          updated_at: clock.now().toISOString(),
        });
        const shown = await t.http.get(`/api/v1/attestation-requests/${issued.requestId}`).set(tenant.auth).expect(200);
        expect(shown.body).toEqual(body);
      },
    );

    it('ignores a JSON body and refuses one that is not JSON (400)', async () => {
      const first = await issueRequest(t, tenant);
      await cancel(first.requestId).send({ reason: 'sent by mistake' }).expect(200);
      const second = await issueRequest(t, tenant);
      const { body } = await cancel(second.requestId).set('Content-Type', 'application/json').send('{nope').expect(400);
      expect(body).toEqual({ error: expect.any(String) });
      expect((await row(second.requestId)).status).toBe('sent');
    });

    it('answers 200 with the request unchanged when it is already canceled', async () => {
      const issued = await issueRequest(t, tenant);
      const first = await cancel(issued.requestId).expect(200);
      clock.advance(MINUTE);
      const again = await cancel(issued.requestId).expect(200);
      expect(again.body).toEqual(first.body);
    });

    it('refuses an attested or expired request with 409 naming its status', async () => {
      const signed = await issueRequest(t, tenant);
      await submitForm(t, signed.path, await openForm(t, signed.path)).expect(200);
      expect((await cancel(signed.requestId).expect(409)).body).toEqual({
        error: 'The attestation request is attested.',
      });

      const overdue = await issueRequest(t, tenant);
      await t.db.query(`UPDATE attestation_requests SET expires_at = $2 WHERE id = $1`, [
        overdue.requestId,
        new Date(clock.now().getTime() - 1000),
      ]);
      expect(await t.app.get(ExpireOverdueRequests).execute()).toContain(overdue.requestId);
      expect((await cancel(overdue.requestId).expect(409)).body).toEqual({
        error: 'The attestation request is expired.',
      });
      expect((await row(signed.requestId)).status).toBe('attested');
      expect((await row(overdue.requestId)).status).toBe('expired');
    });

    it('closes the page (410) and the lifecycle sends it no reminder', async () => {
      const issued = await delivered();
      await cancel(issued.requestId).expect(200);
      await t.http.get(issued.path).expect(410);
      clock.advance(3 * DAY + MINUTE);
      await t.app.get(SendDueReminders).execute();
      expect(await row(issued.requestId)).toMatchObject({
        status: 'canceled',
        reminder_count: 0,
        last_reminded_at: null,
      });
      await never(() => smtp.to(issued.person.email).length > 1, 500);
    });

    it('a cancel and a signature at the same moment: exactly one wins, and the other answers accordingly', async () => {
      const outcomes = new Set<string>();
      for (let i = 0; i < 6; i++) {
        const issued = await issueRequest(t, tenant);
        const form = await openForm(t, issued.path);
        const [canceled, signed] = await Promise.all([cancel(issued.requestId), submitForm(t, issued.path, form)]);
        const { status } = await row(issued.requestId);
        const attestations = await t.db.query(`SELECT id FROM attestations WHERE attestation_request_id = $1`, [
          issued.requestId,
        ]);
        if (status === 'canceled') {
          expect([canceled.status, signed.status]).toEqual([200, 410]);
          expect(attestations).toHaveLength(0);
        } else {
          expect(status).toBe('attested');
          expect([canceled.status, signed.status]).toEqual([409, 200]);
          expect(canceled.body).toEqual({ error: 'The attestation request is attested.' });
          expect(attestations).toHaveLength(1);
        }
        outcomes.add(status);
      }
      expect(outcomes.size).toBeGreaterThan(0);
    });
  });

  describe('remind', () => {
    it('emails one reminder over SMTP with the page link; last_reminded_at set, the automatic count untouched', async () => {
      const issued = await delivered();
      clock.advance(HOUR);
      const { body } = await remind(issued.requestId).expect(200);
      expect(body).toMatchObject({
        id: issued.requestId,
        status: 'sent',
        last_reminded_at: clock.now().toISOString(),
        updated_at: clock.now().toISOString(),
      });
      await eventually(async () => remindersTo(issued.person.email).length === 1, 10_000, 'the reminder');
      const [reminder] = remindersTo(issued.person.email);
      expect(reminder.subject).toBe(`Reminder: Actions Ltd asks you to sign "${issued.document.name}"`);
      expect(linksIn(reminder.text)).toEqual(linksIn(smtp.to(issued.person.email)[0].text));
      expect(linksIn(reminder.text)).toEqual([issued.path]);
      expect(await row(issued.requestId)).toMatchObject({ reminder_count: 0, last_reminded_at: clock.now() });
      await never(() => smtp.to(issued.person.email).length > 2, 500);
    });

    it('reminds a viewed request too', async () => {
      const issued = await issueRequest(t, tenant);
      await t.http.get(issued.path).expect(200);
      expect((await remind(issued.requestId).expect(200)).body.status).toBe('viewed');
    });

    it('refuses a second reminder within the hour (409), counting reminders only; an hour later it is sent', async () => {
      const issued = await delivered();
      // Sent just now: the request's own email does not count.
      await remind(issued.requestId).expect(200);
      clock.advance(HOUR - 1);
      expect((await remind(issued.requestId).expect(409)).body).toEqual({
        error: 'A reminder was sent less than an hour ago.',
      });
      clock.advance(1);
      await remind(issued.requestId).expect(200);
      await eventually(async () => remindersTo(issued.person.email).length === 2, 10_000, 'two reminders');
    });

    it('refuses final requests and delivery problems with 409 naming the status', async () => {
      for (const status of ['attested', 'canceled', 'expired', 'bounced', 'failed', 'complained']) {
        const issued = await delivered();
        await setStatus(issued.requestId, status);
        const { body } = await remind(issued.requestId);
        expect({ status, answer: body.error }).toEqual({ status, answer: expect.stringContaining(status) });
      }
    });

    it('refuses an archived person or document, or a passed expiry, with 409 saying which', async () => {
      const person = await issueRequest(t, tenant);
      await t.app.get(ArchivePerson).execute({ personId: person.person.id });
      expect((await remind(person.requestId).expect(409)).body).toEqual({ error: 'The person is archived.' });

      const document = await issueRequest(t, tenant);
      await t.app.get(ArchiveDocument).execute({ documentId: document.document.id });
      expect((await remind(document.requestId).expect(409)).body).toEqual({ error: 'The document is archived.' });

      const overdue = await issueRequest(t, tenant);
      await t.db.query(`UPDATE attestation_requests SET expires_at = $2 WHERE id = $1`, [
        overdue.requestId,
        clock.now(),
      ]);
      expect((await remind(overdue.requestId).expect(409)).body).toEqual({
        error: 'The attestation request has expired.',
      });
      for (const issued of [person, document, overdue]) {
        expect(await row(issued.requestId)).toMatchObject({ status: 'sent', last_reminded_at: null });
      }
    });

    it('answers the status first, then the archived person or document or the expiry, then the hour', async () => {
      const issued = await delivered();
      await remind(issued.requestId).expect(200);
      await eventually(
        async () =>
          (
            await t.db.query(
              `SELECT 1 FROM notifications WHERE $1 = ANY(attestation_request_ids) AND status = 'sent' AND kind = 'reminder'`,
              [issued.requestId],
            )
          ).length === 1,
        10_000,
        'the reminder, recorded',
      );
      await t.app.get(ArchivePerson).execute({ personId: issued.person.id });
      expect((await remind(issued.requestId).expect(409)).body).toEqual({ error: 'The person is archived.' });
      await setStatus(issued.requestId, 'bounced');
      expect((await remind(issued.requestId).expect(409)).body.error).toContain('bounced');

      const expiring = await issueRequest(t, tenant);
      await remind(expiring.requestId).expect(200);
      await t.db.query(`UPDATE attestation_requests SET expires_at = $2 WHERE id = $1`, [
        expiring.requestId,
        clock.now(),
      ]);
      expect((await remind(expiring.requestId).expect(409)).body).toEqual({
        error: 'The attestation request has expired.',
      });
    });

    it('makes the automatic pass wait REMINDER_INTERVAL_DAYS from the manual reminder, which it does not count', async () => {
      const issued = await delivered();
      clock.advance(2 * DAY);
      await remind(issued.requestId).expect(200);
      const remindedAt = clock.now();
      await eventually(async () => remindersTo(issued.person.email).length === 1, 10_000, 'the manual reminder');

      // Three days after sending, but one after the manual reminder: not due.
      clock.advance(DAY + MINUTE);
      await t.app.get(SendDueReminders).execute();
      expect(await row(issued.requestId)).toMatchObject({ reminder_count: 0, last_reminded_at: remindedAt });

      // Three days after the manual reminder: the first automatic one, counted.
      clock.set(new Date(remindedAt.getTime() + 3 * DAY + MINUTE));
      await t.app.get(SendDueReminders).execute();
      expect(await row(issued.requestId)).toMatchObject({ reminder_count: 1, last_reminded_at: clock.now() });
      await eventually(async () => remindersTo(issued.person.email).length === 2, 10_000, 'the automatic reminder');

      // The automatic one counts for the hour too.
      expect((await remind(issued.requestId).expect(409)).body).toEqual({
        error: 'A reminder was sent less than an hour ago.',
      });
    });
  });

  it("answers 404 for another organization's request or a malformed id, and 403 to a group manager", async () => {
    const foreign = await issueRequest(t, other);
    const manager = await createTenant(t.app, { role: 'group_manager' });
    for (const action of [cancel, remind]) {
      for (const id of [foreign.requestId, 'nope']) {
        expect((await action(id).expect(404)).body).toEqual({ error: 'Not found.' });
      }
      expect((await action(foreign.requestId, manager.auth).expect(403)).body).toEqual({
        message: 'This action is unauthorized.',
      });
    }
    expect(await row(foreign.requestId)).toMatchObject({ status: 'sent', last_reminded_at: null });
  });
});
