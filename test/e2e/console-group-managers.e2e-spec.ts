import { newId } from '@lib/core';
import { CreateUser } from '../../src/identity/application/create-user.use-case';
import { consoleBrowser, ConsoleBrowser } from '../support/console-session';
import { createTenant, Tenant } from '../support/fixtures';
import { createGroup } from '../support/membership-fixtures';
import { startTestApp, TestApp } from '../support/test-app';

/** The group page's managers: listed, replaced through SetGroupManagers, audited; owners and administrators only. */
describe('console group managers', () => {
  let t: TestApp;
  let owner: Tenant;
  let other: Tenant;
  let browser: ConsoleBrowser;
  let group: { id: string };
  let gus: string;
  let ada: string;
  let admin: string;

  const newUser = async (name: string, role: 'group_manager' | 'administrator', organizationId = owner.organizationId) =>
    (
      await t.app.get(CreateUser).execute({
        organizationId,
        name,
        email: `${name.split(' ')[0].toLowerCase()}.${newId()}@example.test`,
        role,
      })
    ).user.id;
  const managersOf = async (groupId: string) =>
    (
      (await t.http.get(`/api/v1/groups/${groupId}/managers`).set(owner.auth).expect(200)).body.data as {
        user_id: string;
      }[]
    ).map((m) => m.user_id);

  beforeAll(async () => {
    t = await startTestApp();
    owner = await createTenant(t.app);
    other = await createTenant(t.app);
    group = await createGroup(t.app, owner.organizationId, { name: 'Warehouse' });
    gus = await newUser('Gus Manager', 'group_manager');
    ada = await newUser('Ada <b>Manager</b>', 'group_manager');
    admin = await newUser('Al Admin', 'administrator');
    browser = await consoleBrowser(t, owner);
  });
  afterAll(() => t.close());

  it('lists the group managers who may be put in charge, and the ticked ones replace the list (audited)', async () => {
    const page = await browser.page(`/console/groups/${group.id}`);
    expect(page.text).toContain('No group manager is in charge of this group.');
    expect(page.text).toContain(`value="${gus}"`);
    expect(page.text).toContain('Ada &lt;b>Manager&lt;/b>');
    expect(page.text).not.toContain('<b>Manager');
    // An administrator is no candidate.
    expect(page.text).not.toContain(`value="${admin}"`);

    const saved = await browser.post(`/console/groups/${group.id}/managers`, { user_id: [gus, ada] }, page.csrf);
    expect(saved.status).toBe(303);
    expect(saved.headers.location).toBe(`/console/groups/${group.id}?done=managers`);
    expect((await managersOf(group.id)).sort()).toEqual([gus, ada].sort());
    const after = await browser.page(`/console/groups/${group.id}?done=managers`);
    expect(after.text).toContain("The group's managers were saved.");
    expect(after.text).toMatch(new RegExp(`value="${gus}"[^>]*checked|checked[^>]*value="${gus}"`));

    // None ticked: nobody is in charge any more.
    expect((await browser.post(`/console/groups/${group.id}/managers`, {}, page.csrf)).status).toBe(303);
    expect(await managersOf(group.id)).toEqual([]);

    const audit = await t.db.query(
      `SELECT details FROM audit_log WHERE organization_id = $1 AND action = 'group.managers_changed' ORDER BY id`,
      [owner.organizationId],
    );
    expect(audit.map((row: { details: { added: string[]; removed: string[] } }) => row.details)).toEqual([
      expect.objectContaining({ group_id: group.id, removed: [] }),
      expect.objectContaining({ group_id: group.id, added: [] }),
    ]);
  });

  it('answers a clear 422 page for a user who is not a group manager or a malformed id, and changes nothing', async () => {
    const { csrf } = await browser.page(`/console/groups/${group.id}`);
    await browser.post(`/console/groups/${group.id}/managers`, { user_id: gus }, csrf);
    const stranger = await newUser('Stranger Manager', 'group_manager', other.organizationId);
    for (const userId of [admin, stranger, 'nonsense', newId()]) {
      const answer = await browser.post(`/console/groups/${group.id}/managers`, { user_id: userId }, csrf);
      expect(answer.status).toBe(422);
      expect(answer.text).toContain('<html');
    }
    expect(await managersOf(group.id)).toEqual([gus]);
  });

  it('refuses a missing form token, another organization, and a group manager', async () => {
    const before = await managersOf(group.id);
    await browser.agent
      .post(`/console/groups/${group.id}/managers`)
      .type('form')
      .send(`_csrf=wrong&user_id=${ada}`)
      .expect(403);

    const outsider = await consoleBrowser(t, other);
    const { csrf } = await outsider.page('/console/groups');
    expect((await outsider.post(`/console/groups/${group.id}/managers`, { user_id: ada }, csrf)).status).toBe(404);

    const manager = await consoleBrowser(t, { userId: gus, organizationId: owner.organizationId });
    const overview = await manager.page('/console/documents');
    const refused = await manager.post(`/console/groups/${group.id}/managers`, { user_id: ada }, overview.csrf);
    expect(refused.status).toBe(403);
    // The group in their charge is theirs to read, without the form that sets its managers.
    const shown = await manager.page(`/console/groups/${group.id}`);
    expect(shown.text).not.toContain(`action="/console/groups/${group.id}/managers"`);
    expect(await managersOf(group.id)).toEqual(before);
  });
});
