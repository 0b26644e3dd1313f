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

const UNKNOWN = '01jzzzzzzzzzzzzzzzzzzzzzzz';

jest.setTimeout(90_000);

/** POST /groups/{group}/documents: documents join a group, are assigned to its members, and may issue requests. */
describe('POST /groups/{group}/documents', () => {
  let smtp: SmtpCapture;
  let t: TestApp;
  let second: TestApp;
  let worker: INestApplicationContext;
  let tenant: Tenant;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await startTestApp({ env: { SMTP_URL: smtp.url, RATE_LIMIT_PER_MINUTE: '100000' } });
    // A second API process on the same database and queue: concurrency across processes.
    second = await startTestApp({
      database: t.database,
      redisPrefix: t.config.redisPrefix,
      env: { SMTP_URL: smtp.url, RATE_LIMIT_PER_MINUTE: '100000' },
    });
    worker = await startWorker(t);
    tenant = await createTenant(t.app, { name: 'Acme' });
  });
  afterAll(async () => {
    await worker.close();
    await second.close();
    await t.close();
    await smtp.close();
  });

  const addDocuments = (groupId: string, documentIds: unknown, app: TestApp = t) =>
    app.http.post(`/api/v1/groups/${groupId}/documents`).set(tenant.auth).send({ document_ids: documentIds });
  const addPeople = (groupId: string, personIds: string[], app: TestApp = t) =>
    app.http.post(`/api/v1/groups/${groupId}/people`).set(tenant.auth).send({ person_ids: personIds });
  const count = async (sql: string, params: unknown[]) => Number((await t.db.query(sql, params))[0].count);
  const requestsOf = async (personId: string) =>
    (await t.db.query(
      `SELECT document_id, source, status, requested_by_user_id FROM attestation_requests WHERE person_id = $1
        ORDER BY document_id, id`,
      [personId],
    )) as { document_id: string; source: string; status: string }[];

  it('in a group without automatic issuance: joins, is assigned to every member, issues nothing', async () => {
    const group = await createGroup(t.app, tenant.organizationId, { autoIssue: false });
    const [member, leaver] = [
      await createPerson(t.app, tenant.organizationId),
      await createPerson(t.app, tenant.organizationId),
    ];
    await addPeople(group.id, [member.id, leaver.id]).expect(200);
    await t.http.post(`/api/v1/people/${leaver.id}/archive`).set(tenant.auth).expect(200);
    const [a, b] = [
      await createDocument(t.app, tenant.organizationId),
      await createDocument(t.app, tenant.organizationId),
    ];

    const { body } = await addDocuments(group.id.toUpperCase(), [b.id.toUpperCase(), a.id]).expect(200);
    expect(body).toEqual({
      data: [
        { group_id: group.id, document_id: b.id },
        { group_id: group.id, document_id: a.id },
      ],
    });
    const assigned = await t.db.query(
      `SELECT document_id, person_id, group_id FROM document_assignments WHERE document_id = ANY($1)
        ORDER BY document_id, person_id`,
      [[a.id, b.id]],
    );
    expect(assigned).toEqual(
      [a.id, b.id]
        .sort()
        .flatMap((documentId) =>
          [member.id, leaver.id]
            .sort()
            .map((personId) => ({ document_id: documentId, person_id: personId, group_id: group.id })),
        ),
    );
    expect(await requestsOf(member.id)).toEqual([]);
    // Again, with one more: the present ones are answered as they are and change nothing.
    const c = await createDocument(t.app, tenant.organizationId);
    const { body: again } = await addDocuments(group.id, [a.id, c.id]).expect(200);
    expect(again.data).toEqual([
      { group_id: group.id, document_id: a.id },
      { group_id: group.id, document_id: c.id },
    ]);
    expect(await count(`SELECT count(*) FROM group_documents WHERE group_id = $1`, [group.id])).toBe(3);
  });

  it('in an auto-issuing group: one request per active member and issuable document, one email per person', async () => {
    const group = await createGroup(t.app, tenant.organizationId, { autoIssue: true });
    const fresh = await createPerson(t.app, tenant.organizationId, { firstName: 'Fay', lastName: 'Fresh' });
    const pending = await createPerson(t.app, tenant.organizationId, { firstName: 'Pat', lastName: 'Pending' });
    const signed = await createPerson(t.app, tenant.organizationId, { firstName: 'Sam', lastName: 'Signed' });
    const archived = await createPerson(t.app, tenant.organizationId);
    await addPeople(group.id, [fresh.id, pending.id, signed.id, archived.id]).expect(200);
    await t.http.post(`/api/v1/people/${archived.id}/archive`).set(tenant.auth).expect(200);

    const policy = await createDocument(t.app, tenant.organizationId, { name: 'Policy' });
    const rules = await createDocument(t.app, tenant.organizationId, { name: 'Rules' });
    const draft = await createDocument(t.app, tenant.organizationId, { published: false });
    const readOnly = await createDocument(t.app, tenant.organizationId, { requiresSignature: false });
    // Pat already has an open request for the policy, Sam signed its latest revision: neither gets another.
    await t.http
      .post('/api/v1/attestation-requests')
      .set(tenant.auth)
      .send({ person_id: pending.id, document_id: policy.id })
      .expect(201);
    const signedRequest = await t.http
      .post('/api/v1/attestation-requests')
      .set(tenant.auth)
      .send({ person_id: signed.id, document_id: policy.id })
      .expect(201);
    // Signed only once its email is out: an email whose requests all closed before delivery is not sent at all.
    await eventually(async () => smtp.to(pending.email).length === 1 && smtp.to(signed.email).length === 1, 60_000);
    await t.db.query(`UPDATE attestation_requests SET status = 'attested', attested_at = now() WHERE id = $1`, [
      signedRequest.body.id,
    ]);
    const before = smtp.messages.length;

    await addDocuments(group.id, [policy.id, rules.id, draft.id, readOnly.id]).expect(200);

    const system = (rows: { document_id: string; source: string }[]) =>
      rows.filter((r) => r.source === 'system').map((r) => r.document_id);
    expect(system(await requestsOf(fresh.id))).toEqual([policy.id, rules.id].sort());
    expect(system(await requestsOf(pending.id))).toEqual([rules.id]);
    expect(system(await requestsOf(signed.id))).toEqual([rules.id]);
    expect(await requestsOf(archived.id)).toEqual([]);
    expect((await requestsOf(fresh.id))[0]).toMatchObject({ status: 'sent', requested_by_user_id: null });
    // Every member is assigned all four, the draft and the read-only one included.
    expect(
      await count(`SELECT count(*) FROM document_assignments WHERE document_id = ANY($1)`, [
        [policy.id, rules.id, draft.id, readOnly.id],
      ]),
    ).toBe(16);

    await eventually(async () => smtp.messages.length >= before + 3, 30_000, 'three emails');
    await never(() => smtp.messages.length > before + 3, 1_000);
    const [toFresh] = smtp.to(fresh.email);
    expect(toFresh.subject).toBe('Acme asks you to sign 2 documents');
    expect(toFresh.text).toContain('Policy');
    expect(toFresh.text).toContain('Rules');
    expect(smtp.to(pending.email).at(-1)!.subject).toBe('Acme asks you to sign "Rules"');
    expect(smtp.to(archived.email)).toEqual([]);

    const { body: counts } = await t.http.get(`/api/v1/groups/${group.id}/documents`).set(tenant.auth).expect(200);
    const byName = Object.fromEntries(
      counts.data.map((d: { name: string; attestation_counts: object }) => [d.name, d.attestation_counts]),
    );
    expect(byName.Policy).toMatchObject({ attested_latest: 1, pending_attested: 2, total: 3 });
    expect(byName.Rules).toMatchObject({ pending_attested: 3, total: 3 });

    // Adding them again issues nothing and sends nothing.
    const sent = smtp.messages.length;
    await addDocuments(group.id, [rules.id, policy.id]).expect(200);
    await never(() => smtp.messages.length > sent, 1_000);
    expect(system(await requestsOf(fresh.id))).toEqual([policy.id, rules.id].sort());
  });

  describe('validation', () => {
    let group: { id: string };
    let active: { id: string };
    beforeAll(async () => {
      group = await createGroup(t.app, tenant.organizationId, { autoIssue: true });
      active = await createDocument(t.app, tenant.organizationId);
    });

    it.each([
      ['absent', undefined, 'The document ids field is required.'],
      ['empty', [], 'The document ids field is required.'],
      ['not an array', 'x', 'The document ids field must be an array.'],
      [
        '101 ids',
        Array.from({ length: 101 }, () => UNKNOWN),
        'The document ids field must not have more than 100 items.',
      ],
    ])('refuses document_ids %s on document_ids', async (_label, value, message) => {
      const { body } = await addDocuments(group.id, value).expect(422);
      expect(body).toEqual({ message, errors: { document_ids: [message] } });
    });

    it('checks each element on document_ids.N, and adds nothing on any error', async () => {
      const archivedDocument = await createDocument(t.app, tenant.organizationId, { archived: true });
      const other = await createTenant(t.app);
      const foreign = await createDocument(t.app, other.organizationId);
      const { body } = await addDocuments(group.id, [
        active.id,
        5,
        'not-a-ulid',
        archivedDocument.id,
        foreign.id,
        UNKNOWN,
        active.id.toUpperCase(),
      ]).expect(422);
      expect(body.errors).toEqual({
        'document_ids.0': ['The document ids.0 field has a duplicate value.'],
        'document_ids.1': ['The document ids.1 field must be a string.'],
        'document_ids.2': ['The document ids.2 field must be a valid ULID.'],
        'document_ids.3': ['The selected document ids.3 is invalid.'],
        'document_ids.4': ['The selected document ids.4 is invalid.'],
        'document_ids.5': ['The selected document ids.5 is invalid.'],
        'document_ids.6': ['The document ids.6 field has a duplicate value.'],
      });
      expect(body.message).toBe('The document ids.0 field has a duplicate value. (and 6 more errors)');
      expect(await count(`SELECT count(*) FROM group_documents WHERE group_id = $1`, [group.id])).toBe(0);
    });

    it('answers 404 for an unknown group before looking at the body', async () => {
      await addDocuments(UNKNOWN, 'x').expect(404, { error: 'Group not found.' });
    });
  });

  it('concurrent identical adds through two processes: no duplicate assignment, request or email', async () => {
    const group = await createGroup(t.app, tenant.organizationId, { autoIssue: true });
    const people = await Promise.all(Array.from({ length: 8 }, () => createPerson(t.app, tenant.organizationId)));
    await addPeople(
      group.id,
      people.map((p) => p.id),
    ).expect(200);
    const documents = await Promise.all(Array.from({ length: 3 }, () => createDocument(t.app, tenant.organizationId)));
    const ids = documents.map((d) => d.id);
    const before = smtp.messages.length;
    const responses = await Promise.all(
      Array.from({ length: 4 }, (_, i) => addDocuments(group.id, ids, i % 2 ? second : t)),
    );
    for (const response of responses) expect(response.status).toBe(200);
    const personIds = people.map((p) => p.id);
    expect(await count(`SELECT count(*) FROM document_assignments WHERE document_id = ANY($1)`, [ids])).toBe(24);
    expect(await count(`SELECT count(*) FROM attestation_requests WHERE document_id = ANY($1)`, [ids])).toBe(24);
    await eventually(async () => people.every((p) => smtp.to(p.email).length === 1), 30_000, 'one email each');
    await never(() => smtp.messages.length > before + 8, 1_000);
    expect(await count(`SELECT count(*) FROM notifications WHERE person_id = ANY($1)`, [personIds])).toBe(8);
  });

  it('documents added while people join: everyone ends with every document, requested once', async () => {
    for (let round = 0; round < 3; round++) {
      const group = await createGroup(t.app, tenant.organizationId, { autoIssue: true });
      const early = await createDocument(t.app, tenant.organizationId);
      await addDocuments(group.id, [early.id]).expect(200);
      const people = await Promise.all(Array.from({ length: 6 }, () => createPerson(t.app, tenant.organizationId)));
      const late = await Promise.all(Array.from({ length: 2 }, () => createDocument(t.app, tenant.organizationId)));
      const ids = [early.id, ...late.map((d) => d.id)];
      const responses = await Promise.all([
        addPeople(
          group.id,
          people.slice(0, 3).map((p) => p.id),
          t,
        ),
        addDocuments(
          group.id,
          late.map((d) => d.id),
          second,
        ),
        addPeople(
          group.id,
          people.slice(3).map((p) => p.id),
          second,
        ),
      ]);
      for (const response of responses) expect(response.status).toBe(200);
      const personIds = people.map((p) => p.id);
      expect(
        await count(`SELECT count(*) FROM document_assignments WHERE document_id = ANY($1) AND person_id = ANY($2)`, [
          ids,
          personIds,
        ]),
      ).toBe(18);
      const requests = await t.db.query(
        `SELECT person_id, document_id, count(*)::int AS n FROM attestation_requests
          WHERE document_id = ANY($1) GROUP BY person_id, document_id`,
        [ids],
      );
      expect(requests).toHaveLength(18);
      expect(requests.every((row: { n: number }) => row.n === 1)).toBe(true);
    }
  });

  it('answers 403 to a group manager', async () => {
    const group = await createGroup(t.app, tenant.organizationId);
    const document = await createDocument(t.app, tenant.organizationId);
    const manager = await createTenant(t.app, { role: 'group_manager' });
    await t.http
      .post(`/api/v1/groups/${group.id}/documents`)
      .set(manager.auth)
      .send({ document_ids: [document.id] })
      .expect(403);
  });
});
