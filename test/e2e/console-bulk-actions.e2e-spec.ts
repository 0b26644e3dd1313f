import type { INestApplicationContext } from '@nestjs/common';
import { CreateUser } from '../../src/identity/application/create-user.use-case';
import { createTenant, Tenant } from '../support/fixtures';
import { consoleBrowser, ConsoleBrowser } from '../support/console-session';
import { createDocument, createGroup, createPerson, eventually, startWorker } from '../support/membership-fixtures';
import { AddPeopleToGroup } from '../../src/groups/application/add-people-to-group.use-case';
import { issueRequest, openForm, submitForm } from '../support/attestation-page-fixtures';
import { SmtpCapture, startSmtpCapture } from '../support/smtp-capture';
import { startTestApp, TestApp } from '../support/test-app';

jest.setTimeout(700_000);

interface ActionRow {
  id: string;
  status: string;
  total: number;
  done: number;
  skipped: number;
}

/**
 * The console's bulk actions, through its pages, run by the real worker (BullMQ on Redis): remind, send to those
 * without a request, cancel; the API's rules and reasons; one transaction per batch of 500; repeating is a no-op.
 */
describe('console bulk actions', () => {
  let smtp: SmtpCapture;
  let t: TestApp;
  let worker: INestApplicationContext;
  let tenant: Tenant;
  let owner: ConsoleBrowser;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await startTestApp({
      // This machine is shared: the seeding's statements get room beyond the production default.
      env: { SMTP_URL: smtp.url, RATE_LIMIT_PER_MINUTE: '10000', DATABASE_STATEMENT_TIMEOUT_MS: '60000' },
    });
    worker = await startWorker(t);
    tenant = await createTenant(t.app);
    owner = await consoleBrowser(t, tenant);
  });
  afterAll(async () => {
    await worker?.close();
    await t?.close();
    await smtp?.close();
  });

  const actionOf = async (id: string): Promise<ActionRow> =>
    (await t.db.query(`SELECT id, status, total, done, skipped FROM bulk_actions WHERE id = $1`, [id]))[0];

  async function start(documentId: string, fields: Record<string, string | string[]>, as = owner) {
    const { csrf } = await as.page(`/console/documents/${documentId}`);
    const response = await as.post(`/console/documents/${documentId}/bulk-actions`, fields, csrf);
    expect(response.status).toBe(303);
    const [, id, repeated] = /^\/console\/bulk-actions\/([0-9a-z]{26})(\?done=repeated)?$/.exec(
      response.headers.location,
    )!;
    return { id, repeated: repeated !== undefined };
  }

  async function finished(id: string, timeoutMs = 20_000): Promise<ActionRow> {
    await eventually(async () => (await actionOf(id)).status === 'finished', timeoutMs, `bulk action ${id}`);
    return actionOf(id);
  }

  async function openRequestOf(personId: string, documentId: string): Promise<string> {
    const [row] = await t.db.query(
      `SELECT id FROM attestation_requests WHERE person_id = $1 AND document_id = $2 AND status IN ('sent', 'viewed')`,
      [personId, documentId],
    );
    return row.id;
  }

  it('reminds those waiting in one group, skips with the API reason, sends the emails, and does not repeat', async () => {
    const document = await createDocument(t.app, tenant.organizationId, { name: 'Code of conduct' });
    const sales = await createGroup(t.app, tenant.organizationId, { documentIds: [document.id], name: 'Sales' });
    const other = await createGroup(t.app, tenant.organizationId, { documentIds: [document.id], name: 'Other' });
    const people = await Promise.all([1, 2, 3].map(() => createPerson(t.app, tenant.organizationId)));
    const outsider = await createPerson(t.app, tenant.organizationId);
    await t.app.get(AddPeopleToGroup).execute({ groupId: sales.id, personIds: people.map((p) => p.id) });
    await t.app.get(AddPeopleToGroup).execute({ groupId: other.id, personIds: [outsider.id] });
    // One was reminded through the API a moment ago: the bulk action must skip them, for the API's reason.
    await t.http
      .post(`/api/v1/attestation-requests/${await openRequestOf(people[0].id, document.id)}/remind`)
      .set(tenant.auth)
      .expect(200);
    await eventually(async () => smtp.to(people[0].email).length === 2, 10_000, 'the API reminder');

    const { id, repeated } = await start(document.id, {
      kind: 'remind',
      group_id: sales.id,
      search: '',
      targets: 'matching',
    });
    expect(repeated).toBe(false);
    expect(await finished(id)).toMatchObject({ total: 3, done: 2, skipped: 1 });
    const page = await owner.page(`/console/bulk-actions/${id}`);
    expect(page.text).toContain('A reminder was sent less than an hour ago.');
    expect(page.text).not.toContain('http-equiv="refresh"');
    for (const person of people.slice(1)) {
      await eventually(async () => smtp.to(person.email).length === 2, 10_000, `the reminder to ${person.email}`);
      expect(smtp.to(person.email)[1].subject).toMatch(/remind/i);
    }
    expect(smtp.to(people[0].email)).toHaveLength(2);
    expect(smtp.to(outsider.email)).toHaveLength(1);

    // The same again: the action already run is shown, nothing is sent twice.
    const again = await start(document.id, { kind: 'remind', group_id: sales.id, search: '', targets: 'matching' });
    expect(again).toEqual({ id, repeated: true });
    expect((await owner.page(again.repeated ? `/console/bulk-actions/${id}?done=repeated` : '')).text).toContain(
      'it was not started again',
    );
    const [{ count }] = await t.db.query(`SELECT count(*)::int AS count FROM bulk_actions WHERE document_id = $1`, [
      document.id,
    ]);
    expect(count).toBe(1);
    const [audit] = await t.db.query(
      `SELECT user_id, details FROM audit_log WHERE action = 'bulk_action.remind' AND organization_id = $1`,
      [tenant.organizationId],
    );
    expect(audit).toMatchObject({ user_id: tenant.userId, details: { bulk_action_id: id, people: 3 } });
    // The reminders went through the API's use-case: each recorded its event.
    const [{ reminded }] = await t.db.query(
      `SELECT count(*)::int AS reminded FROM events WHERE organization_id = $1 AND type = 'attestation_request.reminded'`,
      [tenant.organizationId],
    );
    expect(reminded).toBe(3);
  });

  it('sends a request to those without one and cancels only the people chosen', async () => {
    const document = await createDocument(t.app, tenant.organizationId);
    const manual = await createGroup(t.app, tenant.organizationId, { documentIds: [document.id], autoIssue: false });
    const people = await Promise.all([1, 2, 3].map(() => createPerson(t.app, tenant.organizationId)));
    await t.app.get(AddPeopleToGroup).execute({ groupId: manual.id, personIds: people.map((p) => p.id) });
    await t.http
      .post('/api/v1/attestation-requests')
      .set(tenant.auth)
      .send({ person_id: people[0].id, document_id: document.id })
      .expect(201);

    const send = await start(document.id, { kind: 'send', group_id: manual.id, targets: 'matching' });
    expect(await finished(send.id)).toMatchObject({ total: 3, done: 2, skipped: 1 });
    expect((await owner.page(`/console/bulk-actions/${send.id}`)).text).toContain('A request is already open.');

    const stranger = await createPerson(t.app, tenant.organizationId);
    const cancel = await start(document.id, {
      kind: 'cancel',
      person_id: [people[1].id, stranger.id],
      targets: 'chosen',
    });
    expect(await finished(cancel.id)).toMatchObject({ total: 1, done: 1, skipped: 0 });
    const statuses: { person_id: string; status: string }[] = await t.db.query(
      `SELECT person_id, status FROM attestation_requests WHERE document_id = $1 ORDER BY person_id`,
      [document.id],
    );
    expect(statuses.filter((s) => s.status === 'canceled').map((s) => s.person_id)).toEqual([people[1].id]);
  });

  // Four batches by default, to keep `npm test` short; BULK_ACTION_PEOPLE=10000 runs the full 10,000 (docs/console.md).
  const many = Number(process.env.BULK_ACTION_PEOPLE ?? 2_000);

  it(`runs ${many} people in batches of 500 with its progress shown, and a repeat does nothing twice`, async () => {
    const big = await createTenant(t.app);
    const browser = await consoleBrowser(t, big);
    const document = await createDocument(t.app, big.organizationId, { name: 'Security policy' });
    const group = await createGroup(t.app, big.organizationId, { documentIds: [document.id] });
    const ids: { id: string }[] = await t.db.query(
      `INSERT INTO people (id, organization_id, first_name, last_name, email, source, created_at, updated_at)
       SELECT '01m9' || lpad(g::text, 6, '0') || substr($1, 11, 16), $1, 'Member', 'Many',
              'b' || g || '.' || $1 || '@example.test', 'oauth', now(), now()
         FROM generate_series(1, $2::int) g RETURNING id`,
      [big.organizationId, many],
    );
    // Joining the group issues each person their request, a thousand at a time.
    for (let start = 0; start < ids.length; start += 1_000) {
      const personIds = ids.slice(start, start + 1_000).map((row) => row.id);
      await t.app.get(AddPeopleToGroup).execute({ groupId: group.id, personIds });
    }
    // The first emails are not what this test is about: they are marked sent so the worker skips them.
    await t.db.query(`UPDATE notifications SET status = 'sent' WHERE organization_id = $1`, [big.organizationId]);

    const { csrf } = await browser.page(`/console/documents/${document.id}`);
    const response = await browser.post(
      `/console/documents/${document.id}/bulk-actions`,
      { kind: 'cancel', targets: 'matching' },
      csrf,
    );
    expect(response.status).toBe(303);
    const id = /([0-9a-z]{26})$/.exec(response.headers.location)![1];
    const seen = new Set<number>();
    let pagesWhileRunning = 0;
    const started = Date.now();
    for (;;) {
      const row = await actionOf(id);
      seen.add(row.done + row.skipped);
      if (row.status === 'finished') break;
      if (Date.now() - started > 600_000) throw new Error(`the action is stuck at ${row.done + row.skipped}`);
      // The action may finish between the read above and this page: the page decides which it shows.
      const page = await browser.page(`/console/bulk-actions/${id}`);
      const running = page.text.includes(': in progress');
      expect(page.text.includes('<meta http-equiv="refresh" content="2"/>')).toBe(running);
      if (running) pagesWhileRunning++;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    process.stdout.write(`${many} canceled in ${Date.now() - started} ms\n`);
    expect(await actionOf(id)).toMatchObject({ total: many, done: many, skipped: 0 });
    // Progress moves a committed batch at a time: every count seen is a multiple of the batch size.
    expect([...seen].every((handled) => handled % 500 === 0)).toBe(true);
    expect(seen.size).toBeGreaterThan(2);
    expect(pagesWhileRunning).toBeGreaterThan(0);
    const [{ open, canceled }] = await t.db.query(
      `SELECT count(*) FILTER (WHERE status = 'sent')::int AS open, count(*) FILTER (WHERE status = 'canceled')::int AS canceled
         FROM attestation_requests WHERE document_id = $1`,
      [document.id],
    );
    expect({ open, canceled }).toEqual({ open: 0, canceled: many });
    const countEvents = async () =>
      (
        await t.db.query(`SELECT count(*)::int AS count FROM events WHERE organization_id = $1`, [big.organizationId])
      )[0].count as number;
    const events = await countEvents();

    const again = await browser.post(
      `/console/documents/${document.id}/bulk-actions`,
      { kind: 'cancel', targets: 'matching' },
      csrf,
    );
    expect(again.headers.location).toBe(`/console/bulk-actions/${id}?done=repeated`);
    expect(await countEvents()).toBe(events);
    const [{ actions }] = await t.db.query(`SELECT count(*)::int AS actions FROM bulk_actions WHERE document_id = $1`, [
      document.id,
    ]);
    expect(actions).toBe(1);
  });

  it('shows which revision each assignee signed, the older one once a newer is published', async () => {
    const issued = await issueRequest(t, tenant, { personName: { firstName: 'Rhea', lastName: 'Revision' } });
    const form = await openForm(t, issued.path);
    await submitForm(t, issued.path, form, { typed_name: 'Rhea Revision' }).expect(200);
    const rowOf = (html: string) =>
      /<tr>(?:(?!<\/tr>)[\s\S])*Rhea Revision(?:(?!<\/tr>)[\s\S])*<\/tr>/.exec(html)![0].replace(/\s+/g, ' ');
    const signed = rowOf((await owner.page(`/console/documents/${issued.document.id}`)).text);
    expect(signed).toContain('Signed the latest revision');
    expect(signed).toContain(issued.document.revisionId);

    await t.http
      .post(`/api/v1/documents/${issued.document.id}/revisions`)
      .set(tenant.auth)
      .send({ format: 'markdown', content: '# Second edition' })
      .expect(201);
    const outdated = rowOf((await owner.page(`/console/documents/${issued.document.id}`)).text);
    expect(outdated).toContain('Signed an older revision');
    expect(outdated).toContain(issued.document.revisionId);
  });

  it('answers bad input with a clear page, never a 500, and hides other organizations', async () => {
    const document = await createDocument(t.app, tenant.organizationId);
    for (const page of ['0', 'abc', '99999999', '-1']) {
      const answer = await owner.agent.get(`/console/people?page=${page}`);
      expect({ page, status: answer.status }).toEqual({ page, status: 400 });
      expect(answer.text).toContain('There is no such page');
    }
    const { csrf } = await owner.page(`/console/documents/${document.id}`);
    const wrongKind = await owner.post(`/console/documents/${document.id}/bulk-actions`, { kind: 'delete' }, csrf);
    expect(wrongKind.status).toBe(400);
    const wrongGroup = await owner.post(
      `/console/documents/${document.id}/bulk-actions`,
      { kind: 'remind', group_id: "1' OR 1=1", targets: 'matching' },
      csrf,
    );
    expect(wrongGroup.status).toBe(404);
    const wrongBucket = await owner.agent.get(`/console/documents/${document.id}?bucket=everyone`);
    expect(wrongBucket.status).toBe(422);
    const nobody = await owner.post(
      `/console/documents/${document.id}/bulk-actions`,
      { kind: 'remind', targets: 'matching' },
      csrf,
    );
    expect(nobody.status).toBe(422);
    expect(nobody.text).toContain('No one matches');
    const noneChosen = await owner.post(`/console/documents/${document.id}/bulk-actions`, { kind: 'remind' }, csrf);
    expect(noneChosen.status).toBe(422);
    expect(noneChosen.text).toContain('Choose someone first');
    const stranger = await createTenant(t.app);
    const theirs = await createDocument(t.app, stranger.organizationId);
    await owner.page(`/console/documents/${theirs.id}`, 404);
    const intoTheirs = await owner.post(
      `/console/documents/${theirs.id}/bulk-actions`,
      { kind: 'remind', targets: 'matching' },
      csrf,
    );
    expect(intoTheirs.status).toBe(404);
    const theirPerson = await createPerson(t.app, stranger.organizationId);
    await owner.page(`/console/people/${theirPerson.id}`, 404);
    await owner.page(`/console/bulk-actions/01arz3ndektsv4rrffq69g5fav`, 404);
  });

  it('lets a group manager remind within their groups, and nothing else', async () => {
    const document = await createDocument(t.app, tenant.organizationId);
    const theirs = await createGroup(t.app, tenant.organizationId, { documentIds: [document.id], name: 'Theirs' });
    const others = await createGroup(t.app, tenant.organizationId, { documentIds: [document.id], name: 'Others' });
    const member = await createPerson(t.app, tenant.organizationId, { lastName: 'Inside' });
    const outsider = await createPerson(t.app, tenant.organizationId, { lastName: 'Outside' });
    await t.app.get(AddPeopleToGroup).execute({ groupId: theirs.id, personIds: [member.id] });
    await t.app.get(AddPeopleToGroup).execute({ groupId: others.id, personIds: [outsider.id] });
    const { user } = await t.app.get(CreateUser).execute({
      organizationId: tenant.organizationId,
      name: 'Gemma Manager',
      email: `gemma.${Date.now()}@example.test`,
      role: 'group_manager',
    });
    await t.http
      .put(`/api/v1/groups/${theirs.id}/managers`)
      .set(tenant.auth)
      .send({ user_ids: [user.id] })
      .expect(200);
    const manager = await consoleBrowser(t, { userId: user.id, organizationId: tenant.organizationId });
    // People and groups: those in their charge, to read; anyone else is not found; nothing to change.
    const people = await manager.page('/console/people');
    expect(people.text).toContain(member.email);
    expect(people.text).not.toContain(outsider.email);
    expect(people.text).not.toContain('method="post" action="/console/people"');
    expect((await owner.page('/console/people')).text).toContain('method="post" action="/console/people"');
    const person = await manager.page(`/console/people/${member.id}`);
    expect(person.text).toContain(document.name);
    expect(person.text).not.toContain(`method="post" action="/console/people/${member.id}`);
    await manager.page(`/console/people/${outsider.id}`, 404);
    const groups = await manager.page('/console/groups');
    expect(groups.text).toContain(`/console/groups/${theirs.id}`);
    expect(groups.text).not.toContain(`/console/groups/${others.id}`);
    const group = await manager.page(`/console/groups/${theirs.id}`);
    expect(group.text).toContain(member.email);
    expect(group.text).not.toContain(`method="post" action="/console/groups/${theirs.id}`);
    await manager.page(`/console/groups/${others.id}`, 404);
    await manager.page(`/console/people?after=not-an-id`, 400);
    for (const [path, fields] of [
      ['/console/people', { last_name: 'Sneaky', email: 'sneaky@example.test' }],
      [`/console/people/${member.id}/archive`, {}],
      [`/console/groups/${theirs.id}`, { name: 'Renamed' }],
    ] as const) {
      expect((await manager.post(path, fields, people.csrf)).status).toBe(403);
    }
    const page = await manager.page(`/console/documents/${document.id}`);
    expect(page.text).toContain(member.email);
    expect(page.text).not.toContain(outsider.email);
    expect(page.text).not.toContain('Cancel their open requests');
    await manager.page(`/console/documents/${document.id}?group_id=${others.id}`, 404);

    const cancel = await manager.post(
      `/console/documents/${document.id}/bulk-actions`,
      { kind: 'cancel', targets: 'matching' },
      page.csrf,
    );
    expect(cancel.status).toBe(422);
    const { id } = await start(document.id, { kind: 'remind', targets: 'matching' }, manager);
    expect(await finished(id)).toMatchObject({ total: 1, done: 1, skipped: 0 });
    await eventually(async () => smtp.to(member.email).length === 2, 10_000, 'the reminder');
    expect(smtp.to(outsider.email)).toHaveLength(1);
    // The owner's actions are not the manager's to read.
    const ownerAction = await start(document.id, { kind: 'cancel', person_id: [outsider.id], targets: 'chosen' });
    await manager.page(`/console/bulk-actions/${ownerAction.id}`, 404);
  });
});
