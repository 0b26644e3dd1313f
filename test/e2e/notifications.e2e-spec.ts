import type { INestApplicationContext } from '@nestjs/common';
import { CancelAttestationRequest } from '../../src/attestation-requests/application/cancel-attestation-request.use-case';
import { DeliverNotification } from '../../src/notifications/application/deliver-notification.use-case';
import { DELIVERY_ATTEMPTS } from '../../src/notifications/application/notification-queue';
import { RelayNotifications } from '../../src/notifications/application/relay-notifications.use-case';
import { createTenant, Tenant } from '../support/fixtures';
import {
  createDocument,
  createGroup,
  createPerson,
  eventually,
  never,
  startWorker,
} from '../support/membership-fixtures';
import { SmtpCapture, startSmtpCapture } from '../support/smtp-capture';
import { startTestApp, TestApp } from '../support/test-app';

const LINK = /http:\/\/api\.test\/attest\/[A-Za-z0-9_-]{43}/g;

describe('notification emails (BullMQ worker, real SMTP)', () => {
  let smtp: SmtpCapture;
  let t: TestApp;
  let worker: INestApplicationContext;
  let tenant: Tenant;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await startTestApp({ env: { SMTP_URL: smtp.url } });
    worker = await startWorker(t);
    tenant = await createTenant(t.app, { name: 'Acme <Compliance> & Co' });
  });
  afterAll(async () => {
    await worker.close();
    await t.close();
    await smtp.close();
  });

  const addToGroup = (groupId: string, personIds: string[]) =>
    t.http.post(`/api/v1/groups/${groupId}/people`).set(tenant.auth).send({ person_ids: personIds }).expect(200);
  const requestStatuses = async (personId: string) =>
    (
      (await t.db.query(`SELECT status FROM attestation_requests WHERE person_id = $1 ORDER BY id`, [personId])) as {
        status: string;
      }[]
    ).map((r) => r.status);
  const notificationOf = async (personId: string) =>
    (
      (await t.db.query(`SELECT * FROM notifications WHERE person_id = $1`, [personId])) as {
        id: string;
        status: string;
        attempts: number;
        sent_at: Date | null;
        last_error: string | null;
      }[]
    )[0];

  it('sends exactly one email per person for a group add with several documents, listing them all', async () => {
    const documents = [
      await createDocument(t.app, tenant.organizationId, { name: 'Code of Conduct' }),
      await createDocument(t.app, tenant.organizationId, { name: 'Privacy <Policy>' }),
      await createDocument(t.app, tenant.organizationId, { name: 'Security & Safety' }),
    ];
    const group = await createGroup(t.app, tenant.organizationId, { documentIds: documents.map((d) => d.id) });
    const people = [
      await createPerson(t.app, tenant.organizationId, { firstName: 'Ann', lastName: 'One' }),
      await createPerson(t.app, tenant.organizationId, { firstName: 'Ben', lastName: 'Two' }),
    ];
    await addToGroup(
      group.id,
      people.map((p) => p.id),
    );
    await eventually(async () => people.every((p) => smtp.to(p.email).length > 0), 10_000, 'both emails');
    await never(() => people.some((p) => smtp.to(p.email).length > 1), 1_000);
    for (const person of people) {
      const [email] = smtp.to(person.email);
      expect(email.envelope.to).toEqual([person.email]);
      expect(email.subject).toBe('Acme <Compliance> & Co asks you to sign 3 documents');
      expect(email.text).toContain(`Hello ${person.name},`);
      expect(email.text).toContain('Acme <Compliance> & Co asks you to read and sign the following documents:');
      for (const name of ['Code of Conduct', 'Privacy <Policy>', 'Security & Safety'])
        expect(email.text).toContain(`- ${name}`);
      const links = new Set(email.text.match(LINK));
      expect(links.size).toBe(3);
      expect(email.html).toContain('<bdi>Acme &lt;Compliance&gt; &amp; Co</bdi> asks you');
      expect(email.html).toContain('>Privacy &lt;Policy&gt;</a>');
      expect(email.html).toContain('>Security &amp; Safety</a>');
      for (const link of links) expect(email.html).toContain(`href="${link}"`);
      expect((await notificationOf(person.id)).status).toBe('sent');
    }
  });

  it('sends nothing for a group without automatic issuance', async () => {
    const document = await createDocument(t.app, tenant.organizationId);
    const group = await createGroup(t.app, tenant.organizationId, { autoIssue: false, documentIds: [document.id] });
    const person = await createPerson(t.app, tenant.organizationId);
    await addToGroup(group.id, [person.id]);
    await never(() => smtp.to(person.email).length > 0, 1_500);
  });

  it('sends nothing to people who were already members', async () => {
    const document = await createDocument(t.app, tenant.organizationId);
    const group = await createGroup(t.app, tenant.organizationId, { documentIds: [document.id] });
    const member = await createPerson(t.app, tenant.organizationId);
    await addToGroup(group.id, [member.id]);
    await eventually(async () => smtp.to(member.email).length === 1, 10_000, 'the first email');
    const newcomer = await createPerson(t.app, tenant.organizationId);
    await addToGroup(group.id, [member.id, newcomer.id]);
    await eventually(async () => smtp.to(newcomer.email).length === 1, 10_000, "the newcomer's email");
    await never(() => smtp.to(member.email).length > 1, 1_000);
  });

  it('never sends a notification twice, however often it is relayed or delivered', async () => {
    const document = await createDocument(t.app, tenant.organizationId);
    const group = await createGroup(t.app, tenant.organizationId, { documentIds: [document.id] });
    const person = await createPerson(t.app, tenant.organizationId);
    await addToGroup(group.id, [person.id]);
    await eventually(async () => (await notificationOf(person.id))?.status === 'sent', 10_000, 'the notification sent');
    const { id } = await notificationOf(person.id);
    await t.app.get(RelayNotifications).execute([id, id]);
    await t.db.query(`UPDATE notifications SET updated_at = updated_at - interval '1 day' WHERE id = $1`, [id]);
    expect(await worker.get(DeliverNotification).execute({ notificationId: id, attempt: 2, isFinal: false })).toBe(
      'already_done',
    );
    await never(() => smtp.to(person.email).length > 1, 1_000);
    expect(smtp.to(person.email)).toHaveLength(1);
  });

  it('marks the requests bounced at once when the server refuses the address for good', async () => {
    const document = await createDocument(t.app, tenant.organizationId);
    const group = await createGroup(t.app, tenant.organizationId, { documentIds: [document.id] });
    const person = await createPerson(t.app, tenant.organizationId, { email: `refused.${Date.now()}@example.test` });
    const rcptAttempts: string[] = [];
    smtp.options.rejectRecipient = (address) => {
      if (address !== person.email) return null;
      rcptAttempts.push(address);
      return 550;
    };
    try {
      await addToGroup(group.id, [person.id]);
      await eventually(async () => (await requestStatuses(person.id))[0] === 'bounced', 10_000, 'the bounce');
      const notification = await notificationOf(person.id);
      expect(notification.status).toBe('failed');
      expect(notification.attempts).toBe(1);
      expect(notification.last_error).toContain('550');
      await never(() => rcptAttempts.length > 1, 500);
    } finally {
      smtp.options.rejectRecipient = undefined;
    }
  });

  it('retries a temporary failure and sends once it passes', async () => {
    const document = await createDocument(t.app, tenant.organizationId);
    const group = await createGroup(t.app, tenant.organizationId, { documentIds: [document.id] });
    const person = await createPerson(t.app, tenant.organizationId, { email: `later.${Date.now()}@example.test` });
    const tries: number[] = [];
    smtp.options.rejectRecipient = (address) => {
      if (address !== person.email) return null;
      tries.push(Date.now());
      return tries.length <= 2 ? 451 : null;
    };
    try {
      await addToGroup(group.id, [person.id]);
      await eventually(async () => smtp.to(person.email).length === 1, 10_000, 'the email after retries');
      // The server has the message a moment before the worker records the delivery.
      await eventually(async () => (await notificationOf(person.id)).status === 'sent', 5_000, 'the delivery recorded');
      expect(tries).toHaveLength(3);
      expect(await requestStatuses(person.id)).toEqual(['sent']);
      const notification = await notificationOf(person.id);
      expect(notification).toMatchObject({ status: 'sent', attempts: 3 });
    } finally {
      smtp.options.rejectRecipient = undefined;
    }
  });

  it('marks the requests failed after the last attempt fails', async () => {
    const documents = [
      await createDocument(t.app, tenant.organizationId),
      await createDocument(t.app, tenant.organizationId),
    ];
    const group = await createGroup(t.app, tenant.organizationId, { documentIds: documents.map((d) => d.id) });
    const person = await createPerson(t.app, tenant.organizationId, { email: `down.${Date.now()}@example.test` });
    let tries = 0;
    smtp.options.rejectRecipient = (address) => (address === person.email ? (tries++, 451) : null);
    try {
      await addToGroup(group.id, [person.id]);
      await eventually(async () => (await notificationOf(person.id))?.status === 'failed', 15_000, 'the last failure');
      expect(await requestStatuses(person.id)).toEqual(['failed', 'failed']);
      expect(tries).toBe(DELIVERY_ATTEMPTS);
      expect((await notificationOf(person.id)).attempts).toBe(DELIVERY_ATTEMPTS);
    } finally {
      smtp.options.rejectRecipient = undefined;
    }
  });
});

describe('notification emails: delivery rules needing a stopped worker', () => {
  let smtp: SmtpCapture;
  let t: TestApp;
  let tenant: Tenant;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await startTestApp({ env: { SMTP_URL: smtp.url } });
    tenant = await createTenant(t.app);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('sends nothing for requests canceled before the worker got to them', async () => {
    const person = await createPerson(t.app, tenant.organizationId);
    const document = await createDocument(t.app, tenant.organizationId);
    const response = await t.http
      .post('/api/v1/attestation-requests')
      .set(tenant.auth)
      .send({ person_id: person.id, document_id: document.id })
      .expect(201);
    await t.app
      .get(CancelAttestationRequest)
      .execute({ requestId: response.body.id, organizationId: tenant.organizationId });
    const worker = await startWorker(t);
    try {
      await eventually(
        async () => {
          const [row] = await t.db.query(`SELECT status FROM notifications WHERE person_id = $1`, [person.id]);
          return row.status === 'sent';
        },
        10_000,
        'the notification settled',
      );
      const [row] = await t.db.query(`SELECT sent_at, last_error FROM notifications WHERE person_id = $1`, [person.id]);
      expect(row).toEqual({ sent_at: null, last_error: 'not sent: its requests were no longer open' });
      expect(smtp.to(person.email)).toEqual([]);
    } finally {
      await worker.close();
    }
  });

  it('on shutdown, finishes the email in hand: accepted by the server and marked sent', async () => {
    smtp.options.acceptDelayMs = 1_500;
    try {
      const person = await createPerson(t.app, tenant.organizationId);
      const document = await createDocument(t.app, tenant.organizationId);
      await t.http
        .post('/api/v1/attestation-requests')
        .set(tenant.auth)
        .send({ person_id: person.id, document_id: document.id })
        .expect(201);
      const worker = await startWorker(t);
      await eventually(async () => smtp.receiving() > 0, 10_000, 'the email under way');
      await worker.close();
      expect(smtp.to(person.email)).toHaveLength(1);
      const [row] = await t.db.query(`SELECT status, sent_at FROM notifications WHERE person_id = $1`, [person.id]);
      expect(row.status).toBe('sent');
      expect(row.sent_at).not.toBeNull();
    } finally {
      smtp.options.acceptDelayMs = 0;
    }
  });
});

describe('notification emails without Redis (embedded mode: the API process delivers)', () => {
  let smtp: SmtpCapture;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await startTestApp({ env: { SMTP_URL: smtp.url, REDIS_URL: '' } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('sends the group email from the API process', async () => {
    const tenant = await createTenant(t.app);
    const documents = [
      await createDocument(t.app, tenant.organizationId),
      await createDocument(t.app, tenant.organizationId),
    ];
    const group = await createGroup(t.app, tenant.organizationId, { documentIds: documents.map((d) => d.id) });
    const person = await createPerson(t.app, tenant.organizationId);
    await t.http
      .post(`/api/v1/groups/${group.id}/people`)
      .set(tenant.auth)
      .send({ person_ids: [person.id] })
      .expect(200);
    await eventually(async () => smtp.to(person.email).length === 1, 10_000, 'the email');
    expect(new Set(smtp.to(person.email)[0].text.match(LINK)).size).toBe(2);
    await never(() => smtp.to(person.email).length > 1, 500);
  });
});
