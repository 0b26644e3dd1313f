import type { INestApplicationContext } from '@nestjs/common';
import { createTenant, Tenant } from '../support/fixtures';
import { eventually, never, startWorker } from '../support/membership-fixtures';
import { SmtpCapture, startSmtpCapture } from '../support/smtp-capture';
import { startTestApp, TestApp } from '../support/test-app';

jest.setTimeout(120_000);

/**
 * What an HR system and a compliance team do with the API alone (docs/api-resources.md): sync staff, publish policies,
 * put them in an auto-issuing group, and follow up a bounced email. Every effect is checked at the SMTP server.
 */
describe('HR sync through the API', () => {
  let smtp: SmtpCapture;
  let t: TestApp;
  let worker: INestApplicationContext;
  let tenant: Tenant;

  beforeAll(async () => {
    // Addresses at bounce.test do not exist: the server refuses them for good.
    smtp = await startSmtpCapture({ rejectRecipient: (address) => (address.endsWith('@bounce.test') ? 550 : null) });
    t = await startTestApp({ env: { SMTP_URL: smtp.url, RATE_LIMIT_PER_MINUTE: '100000' } });
    worker = await startWorker(t);
    tenant = await createTenant(t.app, { name: 'Globex' });
  });
  afterAll(async () => {
    await worker.close();
    await t.close();
    await smtp.close();
  });

  const api = () => t.http;
  type Person = { id: string; email: string; archived_at: string | null };

  it('50 people, 5 new emails, 3 leavers, 1 rehire, a group of 3 documents, then a 4th: the right requests and emails', async () => {
    const people: Person[] = [];
    for (let i = 0; i < 50; i++) {
      const { body } = await api()
        .post('/api/v1/people')
        .set(tenant.auth)
        .send({ first_name: 'Staff', last_name: `Member ${i}`, email: `staff${i}@globex.test` })
        .expect(201);
      people.push(body);
    }
    for (const person of people.slice(0, 5)) {
      const { body } = await api()
        .patch(`/api/v1/people/${person.id}`)
        .set(tenant.auth)
        .send({ email: person.email.replace('@globex.test', '@new.globex.test') })
        .expect(200);
      Object.assign(person, body);
    }
    for (const person of people.slice(45, 48)) {
      await api().post(`/api/v1/people/${person.id}/archive`).set(tenant.auth).expect(200);
    }
    await api().post(`/api/v1/people/${people[45].id}/restore`).set(tenant.auth).expect(200);
    const leavers = people.slice(46, 48);
    const staff = people.filter((person) => !leavers.includes(person));
    expect(staff).toHaveLength(48);

    const documents: { id: string; name: string }[] = [];
    for (const name of ['Code of conduct', 'Security policy', 'Privacy policy', 'Expenses policy']) {
      const { body } = await api().post('/api/v1/documents').set(tenant.auth).send({ name }).expect(201);
      await api()
        .post(`/api/v1/documents/${body.id}/revisions`)
        .set(tenant.auth)
        .send({ content: `# ${name}\n`, format: 'markdown' })
        .expect(201);
      documents.push(body);
    }
    const { body: group } = await api()
      .post('/api/v1/groups')
      .set(tenant.auth)
      .send({ name: 'Everyone', auto_issue_requests: true })
      .expect(201);
    await api()
      .post(`/api/v1/groups/${group.id}/documents`)
      .set(tenant.auth)
      .send({ document_ids: documents.slice(0, 3).map((d) => d.id) })
      .expect(200);
    // The leavers cannot be added; everyone else can.
    await api()
      .post(`/api/v1/groups/${group.id}/people`)
      .set(tenant.auth)
      .send({ person_ids: people.map((p) => p.id) })
      .expect(422);
    await api()
      .post(`/api/v1/groups/${group.id}/people`)
      .set(tenant.auth)
      .send({ person_ids: staff.map((p) => p.id) })
      .expect(200);

    await smtp.waitFor(48, 60_000);
    await never(() => smtp.messages.length > 48, 1_000);
    for (const person of staff) {
      const emails = smtp.to(person.email);
      expect(emails).toHaveLength(1);
      expect(emails[0].subject).toBe('Globex asks you to sign 3 documents');
    }
    for (const person of [
      ...people.slice(0, 5).map((p) => p.email.replace('@new.', '@')),
      ...leavers.map((p) => p.email),
    ]) {
      expect(smtp.to(person)).toEqual([]);
    }

    await api()
      .post(`/api/v1/groups/${group.id}/documents`)
      .set(tenant.auth)
      .send({ document_ids: [documents[3].id, documents[0].id] })
      .expect(200);
    await smtp.waitFor(96, 60_000);
    await never(() => smtp.messages.length > 96, 1_000);
    for (const person of staff) {
      const emails = smtp.to(person.email);
      expect(emails).toHaveLength(2);
      expect(emails[1].subject).toBe('Globex asks you to sign "Expenses policy"');
    }

    const requests: { person_id: string; document_id: string; recipient_email: string; status: string }[] =
      await t.db.query(
        `SELECT person_id, document_id, recipient_email, status FROM attestation_requests WHERE organization_id = $1`,
        [tenant.organizationId],
      );
    expect(requests).toHaveLength(48 * 4);
    expect(new Set(requests.map((r) => `${r.person_id}/${r.document_id}`)).size).toBe(48 * 4);
    expect(requests.every((r) => r.status === 'sent')).toBe(true);
    const emailOf = new Map(staff.map((p) => [p.id, p.email]));
    expect(requests.every((r) => r.recipient_email === emailOf.get(r.person_id))).toBe(true);

    for (const document of documents) {
      const { body } = await api().get(`/api/v1/documents/${document.id}`).set(tenant.auth).expect(200);
      const counts = body.attestation_counts;
      expect(counts).toEqual({
        attested_latest: 0,
        pending_attested: 48,
        attested_outdated: 0,
        unrequested: 0,
        renewal_due: 0,
        total: 48,
      });
      const { total, ...buckets } = counts;
      expect(Object.values(buckets as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(total);
    }
    const { body: members } = await api().get(`/api/v1/groups/${group.id}/people?per_page=100`).set(tenant.auth);
    expect(members.meta.total).toBe(48);
  });

  it("a person's email changes after a bounce: the new request goes to the new address, the bounced one is canceled", async () => {
    const { body: person } = await api()
      .post('/api/v1/people')
      .set(tenant.auth)
      .send({ last_name: 'Mover', email: 'mover@bounce.test' })
      .expect(201);
    const { body: document } = await api()
      .post('/api/v1/documents')
      .set(tenant.auth)
      .send({ name: 'Handbook' })
      .expect(201);
    await api()
      .post(`/api/v1/documents/${document.id}/revisions`)
      .set(tenant.auth)
      .send({ content: 'Welcome.', format: 'text' })
      .expect(201);
    const send = () =>
      api()
        .post('/api/v1/attestation-requests')
        .set(tenant.auth)
        .send({ person_id: person.id, document_id: document.id })
        .expect(201);
    const first = (await send()).body;
    const statusOf = async (id: string) =>
      ((await t.db.query(`SELECT status FROM attestation_requests WHERE id = $1`, [id])) as { status: string }[])[0]
        .status;
    await eventually(async () => (await statusOf(first.id)) === 'bounced', 60_000, 'the bounce');
    expect(smtp.to('mover@bounce.test')).toEqual([]);

    await api().patch(`/api/v1/people/${person.id}`).set(tenant.auth).send({ email: 'mover@globex.test' }).expect(200);
    const second = (await send()).body;
    expect(second).toMatchObject({ recipient_email: 'mover@globex.test', status: 'sent' });
    const [{ status, canceled_at, recipient_email }] = await t.db.query(
      `SELECT status, canceled_at, recipient_email FROM attestation_requests WHERE id = $1`,
      [first.id],
    );
    expect({ status, canceled: canceled_at !== null, recipient_email }).toEqual({
      status: 'canceled',
      canceled: true,
      recipient_email: 'mover@bounce.test',
    });
    await eventually(async () => smtp.to('mover@globex.test').length === 1, 60_000, 'the email at the new address');
    await never(() => smtp.to('mover@globex.test').length > 1, 1_000);
    expect(smtp.to('mover@globex.test')[0].text).toContain('Handbook');
  });
});
