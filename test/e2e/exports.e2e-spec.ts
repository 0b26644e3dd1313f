import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { monotonicFactory } from 'ulid';
import { RowStreams } from '../../src/database/row-streams';
import { AddPeopleToGroup } from '../../src/groups/application/add-people-to-group.use-case';
import { createTenant, Tenant } from '../support/fixtures';
import { groupManagerOf } from '../support/management-fixtures';
import { createDocument, createGroup, createPerson, eventually } from '../support/membership-fixtures';
import { startTestApp, TestApp } from '../support/test-app';

const STATUS_HEADER = 'person_id,name,email,groups,bucket,requested_at,last_reminded_at,attested_at,revision_id';

/** Splits a CSV whose cells hold no quoted line breaks into rows of cells (enough for these fixtures). */
function rowsOf(csv: string): string[][] {
  return csv
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) =>
      line
        .match(/("([^"]|"")*"|[^,]*)(,|$)/g)!
        .filter((c) => c !== '')
        .map((c) => c.replace(/,$/, '')),
    );
}

/** CSV exports through the API: headers, quoting, formula cells, filters, scope, and a client that goes away. */
describe('exports through the API', () => {
  let t: TestApp;
  let owner: Tenant;
  let other: Tenant;
  let document: { id: string; revisionId: string | null };
  let group: { id: string };
  const people: { id: string; email: string }[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    owner = await createTenant(t.app);
    other = await createTenant(t.app);
    document = await createDocument(t.app, owner.organizationId, { name: 'Code of conduct' });
    group = await createGroup(t.app, owner.organizationId, { name: 'Warehouse', documentIds: [document.id] });
    people.push(await createPerson(t.app, owner.organizationId, { firstName: '=cmd|', lastName: "'/c calc'!A1" }));
    people.push(await createPerson(t.app, owner.organizationId, { firstName: 'שלום', lastName: '<b>Bold</b>, "Q"' }));
    people.push(await createPerson(t.app, owner.organizationId, { firstName: 'Ann', lastName: 'Attested' }));
    await t.app.get(AddPeopleToGroup).execute({ groupId: group.id, personIds: people.map((p) => p.id) });
    // Ann attests the latest revision (what the page's signature does to the row: the triggers recount).
    await t.db.query(
      `UPDATE attestation_requests SET status = 'attested', attested_at = now() WHERE person_id = $1 AND document_id = $2`,
      [people[2].id, document.id],
    );
  });
  afterAll(() => t.close());

  it("exports a document's status with its headers, one row per assignee, formulas defused, text verbatim", async () => {
    const response = await t.http
      .get(`/api/v1/exports/documents/${document.id}/status.csv`)
      .set(owner.auth)
      .expect(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="document-${document.id}-status.csv"`);
    const lines = response.text.split('\r\n');
    expect(lines[0]).toBe(STATUS_HEADER);
    const rows = rowsOf(response.text).slice(1);
    expect(rows.map((r) => r[0])).toEqual(people.map((p) => p.id).sort());
    const byId = new Map(rows.map((r) => [r[0], r]));
    expect(byId.get(people[0].id)!.slice(1, 5)).toEqual([
      `'=cmd| '/c calc'!A1`,
      people[0].email,
      'Warehouse',
      'pending_attested',
    ]);
    expect(byId.get(people[1].id)![1]).toBe('"שלום <b>Bold</b>, ""Q"""');
    const ann = byId.get(people[2].id)!;
    expect(ann[4]).toBe('attested_latest');
    expect(ann[7]).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(ann[8]).toBe(document.revisionId);
    expect(byId.get(people[0].id)![5]).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('filters by bucket, group and search; a filter matching nobody is the header alone', async () => {
    const pending = await t.http
      .get(
        `/api/v1/exports/documents/${document.id}/status.csv?bucket=pending_attested&group_id=${group.id.toUpperCase()}`,
      )
      .set(owner.auth)
      .expect(200);
    expect(
      rowsOf(pending.text)
        .slice(1)
        .map((r) => r[0]),
    ).toEqual([people[0].id, people[1].id].sort());
    const searched = await t.http
      .get(`/api/v1/exports/documents/${document.id}/status.csv?search=ATTESTED`)
      .set(owner.auth)
      .expect(200);
    expect(
      rowsOf(searched.text)
        .slice(1)
        .map((r) => r[0]),
    ).toEqual([people[2].id]);
    const none = await t.http
      .get(`/api/v1/exports/documents/${document.id}/status.csv?bucket=renewal_due`)
      .set(owner.auth)
      .expect(200);
    expect(none.text).toBe(`${STATUS_HEADER}\r\n`);
    const otherGroup = await createGroup(t.app, owner.organizationId, { name: 'Empty' });
    const empty = await t.http
      .get(`/api/v1/exports/documents/${document.id}/status.csv?group_id=${otherGroup.id}`)
      .set(owner.auth)
      .expect(200);
    expect(empty.text).toBe(`${STATUS_HEADER}\r\n`);
  });

  it('answers 404 for an unknown, malformed or other organization document or group, 422 for a bad filter', async () => {
    const theirs = await createDocument(t.app, other.organizationId);
    const theirGroup = await createGroup(t.app, other.organizationId);
    const notFound = await t.http.get(`/api/v1/exports/documents/${theirs.id}/status.csv`).set(owner.auth).expect(404);
    expect(notFound.body).toEqual({ error: 'Document not found.' });
    await t.http.get('/api/v1/exports/documents/01jd7x5m3q4r8s9t0v1w2x3y4z/status.csv').set(owner.auth).expect(404);
    await t.http.get('/api/v1/exports/documents/nope/status.csv').set(owner.auth).expect(404);
    const noGroup = await t.http
      .get(`/api/v1/exports/documents/${document.id}/status.csv?group_id=${theirGroup.id}`)
      .set(owner.auth)
      .expect(404);
    expect(noGroup.body).toEqual({ error: 'Group not found.' });
    const badBucket = await t.http
      .get(`/api/v1/exports/documents/${document.id}/status.csv?bucket=signed`)
      .set(owner.auth)
      .expect(422);
    expect(Object.keys(badBucket.body.errors)).toEqual(['bucket']);
    await t.http.get(`/api/v1/exports/documents/${document.id}/status.csv?group_id=x`).set(owner.auth).expect(422);
    await t.http.get('/api/v1/exports/people.csv?archived=maybe').set(owner.auth).expect(422);
    await t.http.get('/api/v1/exports/audit-log.csv?user_id=x').set(owner.auth).expect(422);
    const managerAuth = await groupManagerOf(t.app, owner);
    await t.http.get(`/api/v1/exports/documents/${document.id}/status.csv`).set(managerAuth).expect(403);
    await t.http.get('/api/v1/exports/people.csv').set(managerAuth).expect(403);
    await t.http.get('/api/v1/exports/audit-log.csv').set(managerAuth).expect(403);
  });

  it('exports people with the list filters, and the audit log with its filters', async () => {
    const all = await t.http.get('/api/v1/exports/people.csv').set(owner.auth).expect(200);
    expect(all.headers['content-disposition']).toBe('attachment; filename="people.csv"');
    expect(all.text.split('\r\n')[0]).toBe('id,first_name,last_name,email,phone,groups,archived_at,created_at');
    expect(
      rowsOf(all.text)
        .slice(1)
        .map((r) => r[0]),
    ).toEqual(people.map((p) => p.id).sort());
    expect(rowsOf(all.text)[1][1]).toBe("'=cmd|");
    const named = await t.http.get('/api/v1/exports/people.csv?name=ann').set(owner.auth).expect(200);
    expect(
      rowsOf(named.text)
        .slice(1)
        .map((r) => r[0]),
    ).toEqual([people[2].id]);
    const archived = await t.http.get('/api/v1/exports/people.csv?archived=true').set(owner.auth).expect(200);
    expect(archived.text).toBe('id,first_name,last_name,email,phone,groups,archived_at,created_at\r\n');

    await t.http.post('/api/v1/api-tokens').set(owner.auth).send({ name: '=HYPERLINK("x")' }).expect(201);
    const log = await t.http.get('/api/v1/exports/audit-log.csv?action=api_token.created').set(owner.auth).expect(200);
    const [header, entry] = rowsOf(log.text);
    expect(header).toEqual(['id', 'at', 'user_id', 'action', 'ip', 'user_agent', 'details']);
    expect(entry[2]).toBe(owner.userId);
    expect(entry[3]).toBe('api_token.created');
    expect(entry[6]).toContain('=HYPERLINK');
    expect(rowsOf(log.text)).toHaveLength(2);
  });

  it('streams a large export, and a client that goes away mid-stream leaves the pool healthy', async () => {
    const ids = monotonicFactory();
    const count = 12_000;
    for (let chunk = 0; chunk < count / 4_000; chunk++) {
      await t.db.query(
        `INSERT INTO people (id, organization_id, first_name, last_name, email, source, created_at, updated_at)
         SELECT id, $2, 'Bulk', 'Person ' || ($3 + n), 'bulk.' || ($3 + n) || '@example.test', 'oauth', now(), now()
           FROM unnest($1::varchar[]) WITH ORDINALITY AS u(id, n)`,
        [Array.from({ length: 4_000 }, () => ids().toLowerCase()), owner.organizationId, chunk * 4_000],
      );
    }
    const server = t.app.getHttpServer() as http.Server;
    if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const abortAfterFirstChunk = () =>
      new Promise<number>((resolve, reject) => {
        const request = http.get(
          { port, host: '127.0.0.1', path: '/api/v1/exports/people.csv', headers: owner.auth },
          (response) => {
            response.on('error', () => undefined); // "aborted": ours
            response.once('data', () => {
              request.destroy();
              resolve(response.statusCode!);
            });
          },
        );
        request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
      });
    // More aborted downloads than the export pool has connections: each must give its connection back.
    for (let i = 0; i < 5; i++) expect(await abortAfterFirstChunk()).toBe(200);
    const streams = t.app.get(RowStreams);
    await eventually(async () => streams.stats().idle === streams.stats().total && streams.stats().waiting === 0);
    // The server ends a canceled statement on its own time: under load a backend can still show it for a moment.
    const busy = async () =>
      (
        await t.db.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE application_name = 'attestation-service-exports' AND state <> 'idle' AND datname = current_database()`,
        )
      )[0].n as number;
    await eventually(async () => (await busy()) === 0, 10_000, 'no export statement still running');
    const complete = await t.http.get('/api/v1/exports/people.csv').set(owner.auth).expect(200);
    expect(complete.text.split('\r\n').filter((l) => l !== '')).toHaveLength(count + people.length + 1);
  });
});
