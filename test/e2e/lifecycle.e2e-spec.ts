import type { INestApplicationContext } from '@nestjs/common';
import { FixedClock } from '@lib/core';
import { AttestationLinks } from '../../src/attestation-requests/application/attestation-links';
import { ExpireOverdueRequests } from '../../src/attestation-requests/application/expire-overdue-requests.use-case';
import { RenewDueAttestations } from '../../src/attestation-requests/application/renew-due-attestations.use-case';
import { ResendAttestationRequest } from '../../src/attestation-requests/application/resend-attestation-request.use-case';
import { SendDueReminders } from '../../src/attestation-requests/application/send-due-reminders.use-case';
import { PublishDocumentRevision } from '../../src/documents/application/publish-document-revision.use-case';
import {
  issueRequest,
  IssuedRequest,
  openForm,
  publishDocument,
  submitForm,
} from '../support/attestation-page-fixtures';
import { createTenant, Tenant } from '../support/fixtures';
import { createPerson, eventually, never, startWorker } from '../support/membership-fixtures';
import { CapturedEmail, SmtpCapture, startSmtpCapture } from '../support/smtp-capture';
import { startTestApp, TestApp } from '../support/test-app';

const DAY = 24 * 60 * 60 * 1000;
const LINK = /http:\/\/api\.test(\/attest\/[A-Za-z0-9_-]{43})/g;

/**
 * The request lifecycle on real events, through the worker: its scheduled passes (BullMQ job schedulers, every
 * 200 ms here) against a real SMTP server, with an injected clock moved by days instead of sleeping.
 * ATTESTATION_REQUEST_TTL_DAYS is 30 and REMINDER_INTERVAL_DAYS the default 3. Each test works on its own people
 * and documents, and moves the shared clock only forward.
 */
describe('request lifecycle: signature, new revisions, renewal, expiry, reminders, delivery problems', () => {
  let smtp: SmtpCapture;
  let t: TestApp;
  let worker: INestApplicationContext;
  let tenant: Tenant;
  const clock = new FixedClock(new Date('2026-11-22T09:00:00.000Z'));

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await startTestApp({
      clock,
      env: { SMTP_URL: smtp.url, ATTESTATION_REQUEST_TTL_DAYS: '30', RATE_LIMIT_PER_MINUTE: '1000' },
    });
    worker = await startWorker(t, { lifecycleIntervalMs: 200 });
    tenant = await createTenant(t.app, { name: 'Lifecycle Ltd' });
  });
  afterAll(async () => {
    await worker?.close();
    await t?.close();
    await smtp?.close();
  });

  const countsOf = async (documentId: string) => {
    const response = await t.http.get('/api/v1/documents').query({ per_page: 100 }).set(tenant.auth).expect(200);
    return response.body.data.find((d: { id: string }) => d.id === documentId).attestation_counts;
  };
  const requestsOf = (personId: string, documentId?: string) =>
    t.db.query(
      `SELECT id, status, source, document_revision_id, sent_at, reminder_count, last_reminded_at, expires_at,
              expired_at, attested_at, requested_by_user_id
         FROM attestation_requests WHERE person_id = $1 AND ($2::varchar IS NULL OR document_id = $2)
        ORDER BY created_at, id`,
      [personId, documentId ?? null],
    ) as Promise<Record<string, any>[]>;
  const sign = async (path: string, name = 'Ada Lovelace') => {
    const form = await openForm(t, path);
    await submitForm(t, path, form, { typed_name: name }).expect(200);
  };
  const emailsTo = (address: string) => smtp.to(address);
  const waitForEmails = (address: string, count: number, what: string) =>
    eventually(async () => emailsTo(address).length >= count, 10_000, what);
  const linksIn = (email: CapturedEmail) => [...email.text.matchAll(LINK)].map((match) => match[1]);
  /** Moves the clock and lets the worker's passes see the new time. */
  const advance = (milliseconds: number) => clock.advance(milliseconds);

  describe('attestation counts follow real events', () => {
    it('attested_latest after signing; attested_outdated once a new revision is published', async () => {
      const issued = await issueRequest(t, tenant);
      await waitForEmails(issued.person.email, 1, 'the request email');
      const [link] = linksIn(emailsTo(issued.person.email)[0]);
      expect(link).toBe(issued.path);
      expect(await countsOf(issued.document.id)).toMatchObject({ pending_attested: 1, attested_latest: 0 });

      await sign(link);
      expect(await countsOf(issued.document.id)).toMatchObject({ attested_latest: 1, pending_attested: 0, total: 1 });

      await t.app.get(PublishDocumentRevision).execute({ documentId: issued.document.id, content: '# Version 2' });
      expect(await countsOf(issued.document.id)).toMatchObject({ attested_outdated: 1, attested_latest: 0, total: 1 });
    });

    it('renewal_due once the renewal interval has passed; with auto_renew, a new system request and its email instead', async () => {
      const manual = await publishDocument(t.app, tenant.organizationId, {
        name: 'Manual renewal',
        renewalIntervalDays: 30,
      });
      const automatic = await publishDocument(t.app, tenant.organizationId, {
        name: 'Automatic renewal',
        renewalIntervalDays: 30,
        autoRenew: true,
      });
      const person = await createPerson(t.app, tenant.organizationId, { firstName: 'Rene', lastName: 'Wal' });
      const first = await issueRequest(t, tenant, { person, document: manual });
      const second = await issueRequest(t, tenant, { person, document: automatic });
      await waitForEmails(person.email, 2, 'both request emails');
      await sign(first.path, 'Rene Wal');
      await sign(second.path, 'Rene Wal');
      await waitForEmails(person.email, 4, "the signer's two copies");
      const attestedAt = clock.now();
      expect(await countsOf(manual.id)).toMatchObject({ attested_latest: 1 });
      expect(await countsOf(automatic.id)).toMatchObject({ attested_latest: 1 });

      // Due exactly at attested_at + 30 days is not yet past it.
      clock.set(new Date(attestedAt.getTime() + 30 * DAY));
      await never(() => emailsTo(person.email).length > 4, 600);
      expect(await countsOf(automatic.id)).toMatchObject({ attested_latest: 1 });

      advance(60_000);
      expect(await countsOf(manual.id)).toMatchObject({ renewal_due: 1, attested_latest: 0, total: 1 });
      await waitForEmails(person.email, 5, 'the renewal email');
      const renewalEmail = emailsTo(person.email)[4];
      expect(renewalEmail.subject).toBe('Lifecycle Ltd asks you to sign "Automatic renewal" again');
      expect(renewalEmail.text).toContain('Your signature on "Automatic renewal" is due for renewal');
      const renewals = await requestsOf(person.id, automatic.id);
      expect(renewals).toHaveLength(2);
      expect(renewals[1]).toMatchObject({
        status: 'sent',
        source: 'system',
        document_revision_id: automatic.revisionId,
        requested_by_user_id: null,
        sent_at: clock.now(),
        expires_at: new Date(clock.now().getTime() + 30 * DAY),
      });
      expect(linksIn(renewalEmail)).toEqual([`/attest/${t.app.get(AttestationLinks).tokenFor(renewals[1].id)}`]);
      expect(await countsOf(automatic.id)).toMatchObject({ pending_attested: 1, attested_latest: 0, renewal_due: 0 });
      // The manual document is never renewed by the worker, and the automatic one only once.
      await never(() => emailsTo(person.email).length > 5, 800);
      expect(await requestsOf(person.id, manual.id)).toHaveLength(1);
      expect(await requestsOf(person.id, automatic.id)).toHaveLength(2);

      await sign(linksIn(renewalEmail)[0], 'Rene Wal');
      expect(await countsOf(automatic.id)).toMatchObject({ attested_latest: 1, pending_attested: 0 });
    });
  });
  describe('expiry', () => {
    it('the worker expires a request once its expires_at (sent_at + ATTESTATION_REQUEST_TTL_DAYS) has passed', async () => {
      const issued = await issueRequest(t, tenant);
      const sentAt = clock.now();
      const [row] = await requestsOf(issued.person.id);
      expect(row.expires_at).toEqual(new Date(sentAt.getTime() + 30 * DAY));

      clock.set(new Date(sentAt.getTime() + 30 * DAY - 1));
      await never(() => false, 500);
      expect((await requestsOf(issued.person.id))[0].status).not.toBe('expired');

      clock.set(new Date(sentAt.getTime() + 30 * DAY));
      await eventually(async () => (await requestsOf(issued.person.id))[0].status === 'expired', 10_000, 'the expiry');
      expect((await requestsOf(issued.person.id))[0].expired_at).toEqual(clock.now());
      expect(await countsOf(issued.document.id)).toMatchObject({ pending_attested: 0, unrequested: 1 });
      const page = await t.http.get(issued.path).expect(410);
      expect(page.text).toContain('This request has expired');
    });

    it('never expires a signed or canceled request', async () => {
      const signed = await issueRequest(t, tenant);
      await sign(signed.path);
      const canceled = await issueRequest(t, tenant);
      await issueRequest(t, tenant, { person: canceled.person, document: canceled.document });
      advance(31 * DAY);
      await eventually(
        async () => (await requestsOf(canceled.person.id))[1].status === 'expired',
        10_000,
        'the newer request to expire',
      );
      expect((await requestsOf(signed.person.id))[0]).toMatchObject({ status: 'attested', expired_at: null });
      expect((await requestsOf(canceled.person.id))[0]).toMatchObject({ status: 'canceled', expired_at: null });
    });
  });

  describe('reminders', () => {
    it('reminds every REMINDER_INTERVAL_DAYS after sending, at most 3 times, one email for all of a person’s requests', async () => {
      const person = await createPerson(t.app, tenant.organizationId, { firstName: 'Remy', lastName: 'Nder' });
      const one = await issueRequest(t, tenant, { person });
      const two = await issueRequest(t, tenant, { person });
      const sentAt = clock.now();
      await waitForEmails(person.email, 2, 'the two request emails');

      clock.set(new Date(sentAt.getTime() + 3 * DAY - 60_000));
      await never(() => emailsTo(person.email).length > 2, 500);

      for (const [n, days] of [
        [1, 3],
        [2, 6],
        [3, 9],
      ]) {
        clock.set(new Date(sentAt.getTime() + days * DAY));
        await waitForEmails(person.email, 2 + n, `reminder ${n}`);
        await never(() => emailsTo(person.email).length > 2 + n, 400);
        const reminder = emailsTo(person.email)[1 + n];
        expect(reminder.subject).toBe('Reminder: Lifecycle Ltd asks you to sign 2 documents');
        expect(reminder.text).toContain('A reminder: Lifecycle Ltd is still waiting for your signature');
        expect(new Set(linksIn(reminder))).toEqual(new Set([one.path, two.path]));
        for (const row of await requestsOf(person.id)) {
          expect(row).toMatchObject({ status: 'sent', reminder_count: n, last_reminded_at: clock.now() });
        }
      }

      clock.set(new Date(sentAt.getTime() + 12 * DAY));
      await never(() => emailsTo(person.email).length > 5, 800);
      expect((await requestsOf(person.id)).map((r) => r.reminder_count)).toEqual([3, 3]);
    });

    it('stops reminding a request once it is signed, and never reminds a canceled one', async () => {
      const person = await createPerson(t.app, tenant.organizationId, { firstName: 'Sig', lastName: 'Ned' });
      const document = await publishDocument(t.app, tenant.organizationId);
      const issued = await issueRequest(t, tenant, { person, document });
      const canceled = await issueRequest(t, tenant, { person: undefined });
      await issueRequest(t, tenant, { person: canceled.person, document: canceled.document });
      const sentAt = clock.now();
      await waitForEmails(person.email, 1, 'the request email');

      clock.set(new Date(sentAt.getTime() + 3 * DAY));
      await waitForEmails(person.email, 2, 'the first reminder');
      // The other person's first reminder too: one the pass has not reached before the clock moves on is sent at day
      // 6 as the first, and the second would then not come (a full run once moved on too early).
      await eventually(
        async () => (await requestsOf(canceled.person.id))[1].reminder_count === 1,
        10_000,
        "the other person's first reminder",
      );
      await sign(issued.path, 'Sig Ned');

      clock.set(new Date(sentAt.getTime() + 6 * DAY));
      await eventually(
        async () => (await requestsOf(canceled.person.id))[1].reminder_count === 2,
        10_000,
        "the other person's second reminder",
      );
      // The request, its reminder, and the signer's copy: no second reminder after the signature.
      await waitForEmails(person.email, 3, "the signer's copy");
      expect(emailsTo(person.email)).toHaveLength(3);
      expect((await requestsOf(person.id))[0]).toMatchObject({ status: 'attested', reminder_count: 1 });
      expect((await requestsOf(canceled.person.id))[0]).toMatchObject({ status: 'canceled', reminder_count: 0 });
    });
  });

  describe('delivery problems', () => {
    it('a reminder refused with 550 bounces the request; no more reminders; a successful re-send returns it to sent', async () => {
      const issued = await issueRequest(t, tenant);
      const sentAt = clock.now();
      await waitForEmails(issued.person.email, 1, 'the request email');
      const refusals: string[] = [];
      smtp.options.rejectRecipient = (address) =>
        address === issued.person.email ? (refusals.push(address), 550) : null;
      try {
        clock.set(new Date(sentAt.getTime() + 3 * DAY));
        await eventually(
          async () => (await requestsOf(issued.person.id))[0].status === 'bounced',
          10_000,
          'the bounce',
        );
        expect(refusals).toHaveLength(1);
        const [reminder] = await t.db.query(
          `SELECT status, attempts, last_error FROM notifications WHERE kind = 'reminder' AND $1 = ANY(attestation_request_ids)`,
          [issued.requestId],
        );
        expect(reminder).toMatchObject({ status: 'failed', attempts: 1, last_error: expect.stringContaining('550') });

        clock.set(new Date(sentAt.getTime() + 6 * DAY));
        await never(() => refusals.length > 1, 800);
        expect((await requestsOf(issued.person.id))[0]).toMatchObject({ status: 'bounced', reminder_count: 1 });
        await t.http.get(issued.path).expect(409);
      } finally {
        smtp.options.rejectRecipient = undefined;
      }

      // Relayed to the queue as the re-send commits.
      await t.app
        .get(ResendAttestationRequest)
        .execute({ requestId: issued.requestId, organizationId: tenant.organizationId });
      await waitForEmails(issued.person.email, 2, 'the re-sent email');
      await eventually(async () => (await requestsOf(issued.person.id))[0].status === 'sent', 10_000, 'back to sent');
      expect((await requestsOf(issued.person.id))[0].sent_at).toEqual(clock.now());
      expect(linksIn(emailsTo(issued.person.email)[1])).toEqual([issued.path]);
      await sign(issued.path);
      expect((await requestsOf(issued.person.id))[0].status).toBe('attested');
    });

    it('a reminder that keeps failing marks the request failed once retries are exhausted; a re-send fixes it', async () => {
      const issued = await issueRequest(t, tenant);
      const sentAt = clock.now();
      await waitForEmails(issued.person.email, 1, 'the request email');
      let tries = 0;
      smtp.options.rejectRecipient = (address) => (address === issued.person.email ? (tries++, 451) : null);
      try {
        clock.set(new Date(sentAt.getTime() + 3 * DAY));
        await eventually(async () => (await requestsOf(issued.person.id))[0].status === 'failed', 15_000, 'failed');
        expect(tries).toBe(5);
      } finally {
        smtp.options.rejectRecipient = undefined;
      }
      // Relayed to the queue as the re-send commits.
      await t.app
        .get(ResendAttestationRequest)
        .execute({ requestId: issued.requestId, organizationId: tenant.organizationId });
      await eventually(async () => (await requestsOf(issued.person.id))[0].status === 'sent', 10_000, 'back to sent');
      expect(emailsTo(issued.person.email)).toHaveLength(2);
    });
  });

  describe('passes running at the same time', () => {
    /** Two processes' worth of the same pass at once, plus the worker's own schedule. */
    const twice = async <T>(pass: new (...args: never[]) => { execute(): Promise<T> }): Promise<[T, T]> =>
      Promise.all([t.app.get(pass).execute(), worker.get(pass).execute()]);

    it('remind, expire and renew each request exactly once', async () => {
      const renewable = await publishDocument(t.app, tenant.organizationId, {
        renewalIntervalDays: 1,
        autoRenew: true,
      });
      const people = await Promise.all(
        [1, 2, 3].map((n) => createPerson(t.app, tenant.organizationId, { firstName: 'Con', lastName: `Current${n}` })),
      );
      const toRemind: IssuedRequest[] = [];
      const toRenew: IssuedRequest[] = [];
      for (const person of people) {
        toRemind.push(await issueRequest(t, tenant, { person }));
        toRenew.push(await issueRequest(t, tenant, { person, document: renewable }));
      }
      const sentAt = clock.now();
      await eventually(
        async () => people.every((person) => emailsTo(person.email).length === 2),
        10_000,
        'the request emails',
      );
      for (const renewed of toRenew) await sign(renewed.path, renewed.person.name);

      clock.set(new Date(sentAt.getTime() + 3 * DAY));
      await twice(SendDueReminders);
      await twice(RenewDueAttestations);
      // Each pass relayed its emails as its transactions committed.
      // Two request emails, the signer's copy of the signed one, then one reminder and one renewal.
      await eventually(
        async () => people.every((person) => emailsTo(person.email).length >= 5),
        10_000,
        'one reminder and one renewal email each',
      );
      await never(() => people.some((person) => emailsTo(person.email).length > 5), 800);
      for (const person of people) {
        const [reminded, attested, renewal] = await requestsOf(person.id);
        expect(reminded).toMatchObject({ status: 'sent', reminder_count: 1 });
        expect(attested.status).toBe('attested');
        expect(renewal).toMatchObject({ status: 'sent', source: 'system' });
      }

      clock.set(new Date(sentAt.getTime() + 31 * DAY));
      const [expiredA, expiredB] = await twice(ExpireOverdueRequests);
      expect(new Set([...expiredA, ...expiredB]).size).toBe(expiredA.length + expiredB.length);
      await eventually(
        async () =>
          (await Promise.all(toRemind.map((r) => requestsOf(r.person.id, r.document.id)))).every(
            ([row]) => row.status === 'expired',
          ),
        10_000,
        'every reminded request expired',
      );
    });
  });
});

describe('request lifecycle without Redis (embedded mode: the API process runs the passes on a timer)', () => {
  let smtp: SmtpCapture;
  let seeding: TestApp;
  let embedded: TestApp | undefined;
  const clock = new FixedClock(new Date('2026-11-22T09:00:00.000Z'));

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    // Data made by an API without a worker; then the embedded API starts on the same database.
    seeding = await startTestApp({ clock, env: { ATTESTATION_REQUEST_TTL_DAYS: '5' } });
  });
  afterAll(async () => {
    await embedded?.close();
    await seeding?.close();
    await smtp?.close();
  });

  it('expires and reminds from its first pass at boot, and emails through the in-process queue', async () => {
    const tenant = await createTenant(seeding.app, { name: 'Embedded Inc' });
    const toExpire = await issueRequest(seeding, tenant);
    clock.advance(2 * DAY);
    const toRemind = await issueRequest(seeding, tenant);
    // The seeding API hands its emails to a queue no one consumes; once it has, the embedded API's relay finds them
    // unsent (long after that hand-over, by the clock) and sends them itself.
    await eventually(
      async () => (await seeding.db.query(`SELECT 1 FROM notifications WHERE relayed_at IS NULL`)).length === 0,
      10_000,
      'the seeding relay',
    );
    clock.advance(3 * DAY);

    embedded = await startTestApp({ database: seeding.database, clock, env: { SMTP_URL: smtp.url, REDIS_URL: '' } });
    await eventually(async () => smtp.to(toRemind.person.email).length === 2, 10_000, 'the email and its reminder');
    // The first email (re-relayed) and the reminder go out in the same pass, in either order.
    expect(
      smtp
        .to(toRemind.person.email)
        .map((email) => email.subject)
        .sort(),
    ).toEqual([
      `Embedded Inc asks you to sign "${toRemind.document.name}"`,
      `Reminder: Embedded Inc asks you to sign "${toRemind.document.name}"`,
    ]);
    const rows: { id: string; status: string; reminder_count: number }[] = await embedded.db.query(
      `SELECT id, status, reminder_count FROM attestation_requests WHERE id = ANY($1)`,
      [[toExpire.requestId, toRemind.requestId]],
    );
    expect(rows.find((r) => r.id === toExpire.requestId)).toMatchObject({ status: 'expired' });
    expect(rows.find((r) => r.id === toRemind.requestId)).toMatchObject({ status: 'sent', reminder_count: 1 });
  });
});
