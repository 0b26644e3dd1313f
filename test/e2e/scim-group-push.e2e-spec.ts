import type { INestApplicationContext } from '@nestjs/common';
import { createTenant, Tenant } from '../support/fixtures';
import { createDocument, createGroup, eventually, never, startWorker } from '../support/membership-fixtures';
import { oktaUser, PATCH_OP, scimAuth } from '../support/scim-fixtures';
import { SmtpCapture, startSmtpCapture } from '../support/smtp-capture';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * A group pushed from the directory into an auto-issuing group is a group add: requests, one grouped email per person,
 * events; repeated and concurrent pushes neither lose nor double anything. Two API processes share the database.
 */
describe('SCIM: group push into an auto-issuing group', () => {
  let smtp: SmtpCapture;
  let t: TestApp;
  let second: TestApp;
  let worker: INestApplicationContext;
  let tenant: Tenant;
  let auth: { Authorization: string };

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await startTestApp({ env: { SMTP_URL: smtp.url } });
    second = await startTestApp({
      database: t.database,
      redisPrefix: t.config.redisPrefix,
      env: { SMTP_URL: smtp.url },
    });
    worker = await startWorker(t);
    tenant = await createTenant(t.app);
    auth = await scimAuth(t.app, tenant);
  });
  afterAll(async () => {
    await worker.close();
    await second.close();
    await t.close();
    await smtp.close();
  });

  const count = async (sql: string, params: unknown[]) => Number((await t.db.query(sql, params))[0].count);
  const provision = async (prefix: string, n: number) => {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const userName = `${prefix}.${i}@example.test`;
      const response = await t.http.post('/scim/v2/Users').set(auth).send(oktaUser(userName)).expect(201);
      ids.push(response.body.id as string);
    }
    return ids;
  };
  const addMembers = (app: TestApp, groupId: string, ids: string[]) =>
    app.http
      .patch(`/scim/v2/Groups/${groupId}`)
      .set(auth)
      .send({
        schemas: [PATCH_OP],
        Operations: [{ op: 'add', path: 'members', value: ids.map((value) => ({ value, display: value })) }],
      });

  it('issues the requests and sends one grouped email per person, once, however often it is pushed', async () => {
    const documents = [
      await createDocument(t.app, tenant.organizationId),
      await createDocument(t.app, tenant.organizationId),
    ];
    const group = await createGroup(t.app, tenant.organizationId, {
      name: 'All staff',
      autoIssue: true,
      documentIds: documents.map((document) => document.id),
    });
    const ids = await provision('push', 5);

    // Okta links a pushed group to an existing one by its name.
    const found = await t.http
      .get(`/scim/v2/Groups?filter=${encodeURIComponent('displayName eq "all staff"')}&excludedAttributes=members`)
      .set(auth)
      .expect(200);
    expect(found.body.Resources.map((g: { id: string }) => g.id)).toEqual([group.id]);

    await addMembers(t, group.id, ids).expect(204);
    // A retry after a timeout, and the same push through another process at once.
    const again = await Promise.all([addMembers(t, group.id, ids), addMembers(second, group.id, ids)]);
    expect(again.map((response) => response.status)).toEqual([204, 204]);

    expect(await count('SELECT count(*) FROM group_memberships WHERE group_id = $1', [group.id])).toBe(5);
    expect(await count('SELECT count(*) FROM attestation_requests WHERE person_id = ANY($1)', [ids])).toBe(10);
    expect(
      await count(`SELECT count(*) FROM attestation_requests WHERE person_id = ANY($1) AND source = 'system'`, [ids]),
    ).toBe(10);
    expect(await count('SELECT count(*) FROM notifications WHERE person_id = ANY($1)', [ids])).toBe(5);
    // The same events a group add through the API records: one per request.
    expect(
      await count(
        `SELECT count(*) FROM events e JOIN attestation_requests r ON r.id = e.attestation_request_id
          WHERE r.person_id = ANY($1)`,
        [ids],
      ),
    ).toBe(10);

    const emails = ids.map((_, i) => `push.${i}@example.test`);
    await eventually(async () => emails.every((email) => smtp.to(email).length >= 1), 15_000, 'one email each');
    await never(() => emails.some((email) => smtp.to(email).length > 1), 1_500);
    for (const email of emails) expect(new Set(smtp.to(email)[0].text.match(/\/attest\/\S+/g)).size).toBe(2);

    // Deactivated by the directory (Entra's shape): archived, and their open requests canceled as the API cancels
    // them (one event each); removed (DELETE): the same for another.
    await t.http
      .patch(`/scim/v2/Users/${ids[0]}`)
      .set(auth)
      .send({ schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] })
      .expect(200);
    await t.http.delete(`/scim/v2/Users/${ids[1]}`).set(auth).expect(204);
    const statuses = async (personId: string) =>
      (
        (await t.db.query('SELECT status, cancel_reason FROM attestation_requests WHERE person_id = $1', [
          personId,
        ])) as { status: string; cancel_reason: string | null }[]
      ).map((row) => (row.cancel_reason ? `${row.status}: ${row.cancel_reason}` : row.status));
    // Canceled because the person left the directory: `cancel_reason` says so.
    expect(await statuses(ids[0])).toEqual(['canceled: archived', 'canceled: archived']);
    expect(await statuses(ids[1])).toEqual(['canceled: archived', 'canceled: archived']);
    expect(await statuses(ids[2])).toEqual(['sent', 'sent']);
    expect(
      await count(
        `SELECT count(*) FROM events e JOIN attestation_requests r ON r.id = e.attestation_request_id
          WHERE r.person_id = ANY($1) AND e.type = 'attestation_request.canceled'`,
        [ids.slice(0, 2)],
      ),
    ).toBe(4);
  });

  it('concurrent PATCHes of one group neither lose nor double a member', async () => {
    const document = await createDocument(t.app, tenant.organizationId);
    const group = await createGroup(t.app, tenant.organizationId, { autoIssue: true, documentIds: [document.id] });
    const ids = await provision('race', 12);
    const leaving = ids.slice(0, 2);
    await addMembers(t, group.id, leaving).expect(204);

    // Ten adds of one member each, two identical adds of all, and two removals of the first two, all at once, spread
    // over two API processes.
    const removal = (app: TestApp) =>
      app.http
        .patch(`/scim/v2/Groups/${group.id}`)
        .set(auth)
        .send({
          schemas: [PATCH_OP],
          Operations: [{ op: 'Remove', path: 'members', value: leaving.map((value) => ({ value })) }],
        });
    const staying = ids.slice(2);
    const responses = await Promise.all([
      ...staying.map((id, i) => addMembers(i % 2 ? second : t, group.id, [id])),
      addMembers(t, group.id, staying),
      addMembers(second, group.id, staying),
      removal(t),
      removal(second),
    ]);
    expect(responses.map((response) => response.status)).toEqual(responses.map(() => 204));

    const members = (await t.db.query('SELECT person_id FROM group_memberships WHERE group_id = $1', [group.id])) as {
      person_id: string;
    }[];
    expect(members.map((member) => member.person_id).sort()).toEqual([...staying].sort());
    // Each newcomer got exactly one request and one email row, whichever call added them.
    expect(await count('SELECT count(*) FROM attestation_requests WHERE person_id = ANY($1)', [staying])).toBe(10);
    expect(await count('SELECT count(*) FROM notifications WHERE person_id = ANY($1)', [staying])).toBe(10);
    const shown = await t.http.get(`/scim/v2/Groups/${group.id}`).set(auth).expect(200);
    expect(shown.body.members).toHaveLength(10);
  });
});
