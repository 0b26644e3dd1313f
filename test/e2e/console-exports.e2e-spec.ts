import { CreateUser } from '../../src/identity/application/create-user.use-case';
import { AddPeopleToGroup } from '../../src/groups/application/add-people-to-group.use-case';
import { SetGroupManagers } from '../../src/groups/application/set-group-managers.use-case';
import { ShowGroup } from '../../src/groups/application/show-group.use-case';
import { signedInConsole } from '../support/console-session';
import { createTenant, Tenant } from '../support/fixtures';
import { createDocument, createGroup, createPerson } from '../support/membership-fixtures';
import { startTestApp, TestApp } from '../support/test-app';

const ids = (csv: string) =>
  csv
    .split('\r\n')
    .slice(1)
    .filter((line) => line !== '')
    .map((line) => line.split(',')[0]);

/** The console's CSV downloads: the viewer's scope applies, bad input answers a console page before any byte. */
describe('console exports', () => {
  let t: TestApp;
  let owner: Tenant;
  let managerId: string;
  let document: { id: string };
  let mine: { id: string };
  let theirs: { id: string };
  const inMine: string[] = [];
  const outside: string[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    owner = await createTenant(t.app);
    document = await createDocument(t.app, owner.organizationId);
    mine = await createGroup(t.app, owner.organizationId, { name: 'Mine', documentIds: [document.id] });
    theirs = await createGroup(t.app, owner.organizationId, { name: 'Theirs', documentIds: [document.id] });
    for (let i = 0; i < 2; i++) inMine.push((await createPerson(t.app, owner.organizationId)).id);
    for (let i = 0; i < 2; i++) outside.push((await createPerson(t.app, owner.organizationId)).id);
    await t.app.get(AddPeopleToGroup).execute({ groupId: mine.id, personIds: inMine });
    await t.app.get(AddPeopleToGroup).execute({ groupId: theirs.id, personIds: outside });
    const { user } = await t.app.get(CreateUser).execute({
      organizationId: owner.organizationId,
      name: 'Gus Manager',
      email: `gus.${Date.now()}@example.test`,
      role: 'group_manager',
    });
    managerId = user.id;
    const group = await t.app.get(ShowGroup).execute({ organizationId: owner.organizationId, groupId: mine.id });
    await t.app.get(SetGroupManagers).execute({
      actor: {
        userId: owner.userId,
        organizationId: owner.organizationId,
        role: 'owner',
        origin: { ip: null, userAgent: null },
      },
      group,
      userIds: [managerId],
    });
  });
  afterAll(() => t.close());

  it("gives an owner every assignee and a group manager only their groups' people", async () => {
    const ownerAgent = await signedInConsole(t, owner.userId);
    const all = await ownerAgent.get(`/console/exports/documents/${document.id}/status.csv`).expect(200);
    expect(all.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(all.headers['cache-control']).toBe('no-store');
    expect(ids(all.text)).toEqual([...inMine, ...outside].sort());

    const managerAgent = await signedInConsole(t, managerId);
    const scoped = await managerAgent.get(`/console/exports/documents/${document.id}/status.csv`).expect(200);
    expect(ids(scoped.text)).toEqual([...inMine].sort());
    expect(scoped.text).toContain(',Mine,');
    expect(scoped.text).not.toContain('Theirs');
    const people = await managerAgent.get('/console/exports/people.csv').expect(200);
    expect(ids(people.text)).toEqual([...inMine].sort());
  });

  it('answers a 404 page to a group manager naming another group, 422 for a bad bucket, 403 on the audit log', async () => {
    const managerAgent = await signedInConsole(t, managerId);
    const other = await managerAgent.get(`/console/exports/documents/${document.id}/status.csv?group_id=${theirs.id}`);
    expect(other.status).toBe(404);
    expect(other.headers['content-type']).toMatch(/^text\/html/);
    const bad = await managerAgent.get(`/console/exports/documents/${document.id}/status.csv?bucket=nope`);
    expect(bad.status).toBe(422);
    expect(bad.text).toContain('The selected bucket is invalid.');
    await managerAgent.get('/console/exports/documents/nope/status.csv').expect(404);
    await managerAgent.get('/console/audit-log.csv').expect(403);
    const anonymous = await t.http.get(`/console/exports/documents/${document.id}/status.csv`);
    expect(anonymous.status).toBe(303);
  });

  it('exports the audit log from the console through the shared writer', async () => {
    const ownerAgent = await signedInConsole(t, owner.userId);
    const csv = await ownerAgent.get('/console/audit-log.csv?action=group.managers_changed').expect(200);
    const lines = csv.text.split('\r\n').filter((line) => line !== '');
    expect(lines[0]).toBe('id,at,user_id,action,ip,user_agent,details');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`""group_id"":""${mine.id}""`);
  });
});
