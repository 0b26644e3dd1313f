import type { INestApplicationContext } from '@nestjs/common';
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

describe('concurrent adds to a group', () => {
  let smtp: SmtpCapture;
  let t: TestApp;
  let second: TestApp;
  let worker: INestApplicationContext;
  let tenant: Tenant;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await startTestApp({ env: { SMTP_URL: smtp.url, RATE_LIMIT_PER_MINUTE: '1000' } });
    // A second API process on the same database and queue: concurrency across processes, not only requests.
    second = await startTestApp({
      database: t.database,
      redisPrefix: t.config.redisPrefix,
      env: { SMTP_URL: smtp.url, RATE_LIMIT_PER_MINUTE: '1000' },
    });
    worker = await startWorker(t);
    tenant = await createTenant(t.app);
  });
  afterAll(async () => {
    await worker.close();
    await second.close();
    await t.close();
    await smtp.close();
  });

  const count = async (sql: string, params: unknown[]) => Number((await t.db.query(sql, params))[0].count);

  it('5 identical adds at once: no duplicate memberships, assignments, requests or emails', async () => {
    const documents = await Promise.all(Array.from({ length: 3 }, () => createDocument(t.app, tenant.organizationId)));
    const group = await createGroup(t.app, tenant.organizationId, { documentIds: documents.map((d) => d.id) });
    const people = await Promise.all(Array.from({ length: 10 }, () => createPerson(t.app, tenant.organizationId)));
    const ids = people.map((p) => p.id);

    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        (i % 2 ? second : t).http.post(`/api/v1/groups/${group.id}/people`).set(tenant.auth).send({ person_ids: ids }),
      ),
    );
    for (const response of responses) {
      expect(response.status).toBe(200);
      expect(response.body.data.map((m: { person_id: string }) => m.person_id)).toEqual(ids);
    }

    expect(await count(`SELECT count(*) FROM group_memberships WHERE group_id = $1`, [group.id])).toBe(10);
    expect(await count(`SELECT count(*) FROM document_assignments WHERE person_id = ANY($1)`, [ids])).toBe(30);
    expect(await count(`SELECT count(*) FROM attestation_requests WHERE person_id = ANY($1)`, [ids])).toBe(30);
    expect(await count(`SELECT count(*) FROM notifications WHERE person_id = ANY($1)`, [ids])).toBe(10);

    await eventually(async () => people.every((p) => smtp.to(p.email).length >= 1), 15_000, 'every email');
    await never(() => people.some((p) => smtp.to(p.email).length > 1), 1_500);
    for (const person of people) expect(new Set(smtp.to(person.email)[0].text.match(/\/attest\/\S+/g)).size).toBe(3);
  });

  it('overlapping adds in opposite orders neither deadlock nor duplicate', async () => {
    const document = await createDocument(t.app, tenant.organizationId);
    const group = await createGroup(t.app, tenant.organizationId, { documentIds: [document.id] });
    const people = await Promise.all(Array.from({ length: 20 }, () => createPerson(t.app, tenant.organizationId)));
    const ids = people.map((p) => p.id);
    const reversed = [...ids].reverse();
    const responses = await Promise.all([
      t.http.post(`/api/v1/groups/${group.id}/people`).set(tenant.auth).send({ person_ids: ids }),
      second.http.post(`/api/v1/groups/${group.id}/people`).set(tenant.auth).send({ person_ids: reversed }),
      t.http
        .post(`/api/v1/groups/${group.id}/people`)
        .set(tenant.auth)
        .send({ person_ids: ids.slice(5, 15) }),
    ]);
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await count(`SELECT count(*) FROM group_memberships WHERE group_id = $1`, [group.id])).toBe(20);
    expect(await count(`SELECT count(*) FROM attestation_requests WHERE person_id = ANY($1)`, [ids])).toBe(20);
    expect(await count(`SELECT count(*) FROM notifications WHERE person_id = ANY($1)`, [ids])).toBe(20);
  });
});
