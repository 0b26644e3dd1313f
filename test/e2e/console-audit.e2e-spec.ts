import { newId } from '@lib/core';
import { DeleteGroup } from '../../src/groups/application/delete-group.use-case';
import { CreateUser } from '../../src/identity/application/create-user.use-case';
import { consoleBrowser, ConsoleBrowser } from '../support/console-session';
import { createTenant, Tenant } from '../support/fixtures';
import { createDocument, createGroup, createPerson } from '../support/membership-fixtures';
import { startTestApp, TestApp } from '../support/test-app';

interface Entry {
  id: string;
  action: string;
  user_id: string | null;
  ip: string | null;
  user_agent: string | null;
  details: Record<string, unknown>;
}

const USER_AGENT = 'audit-test-browser/1.0';

/**
 * Every console form writes one line of the audit log, naming the user and where they were, in the transaction of
 * the change; the API writes the same lines and the same events for the same change (the use-cases write both).
 */
describe('console actions in the audit log', () => {
  let t: TestApp;
  let owner: Tenant;
  let browser: ConsoleBrowser;

  beforeAll(async () => {
    t = await startTestApp({ env: { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' } });
    owner = await createTenant(t.app);
    browser = await consoleBrowser(t, owner);
    browser.agent.set('User-Agent', USER_AGENT);
  });
  afterAll(() => t.close());

  /** The organization's audit lines and event types written since the last call. */
  function recorder(organizationId: string) {
    const seen = { audit: new Set<string>(), events: new Set<string>() };
    return async (): Promise<{ audit: Entry[]; events: string[] }> => {
      const audit: Entry[] = await t.db.query(
        `SELECT id, action, user_id, ip, user_agent, details FROM audit_log WHERE organization_id = $1 ORDER BY id`,
        [organizationId],
      );
      const events: { id: string; type: string }[] = await t.db.query(
        `SELECT id, type FROM events WHERE organization_id = $1 ORDER BY id`,
        [organizationId],
      );
      const fresh = {
        audit: audit.filter((entry) => !seen.audit.has(entry.id)),
        events: events.filter((event) => !seen.events.has(event.id)).map((event) => event.type),
      };
      for (const entry of fresh.audit) seen.audit.add(entry.id);
      for (const event of events) seen.events.add(event.id);
      return fresh;
    };
  }

  it('writes exactly one entry per form, with the user, their IP and browser, and what changed', async () => {
    const since = recorder(owner.organizationId);
    const { user: manager } = await t.app.get(CreateUser).execute({
      organizationId: owner.organizationId,
      name: 'Gus Manager',
      email: `gus.${newId()}@example.test`,
      role: 'group_manager',
    });
    const document = await createDocument(t.app, owner.organizationId);
    await since();

    const steps: {
      post: () => Promise<{ status: number }>;
      action: string;
      details?: () => Record<string, unknown>;
    }[] = [];
    const csrf = (await browser.page('/console/people')).csrf;
    const post = (path: string, fields: Record<string, string | string[]> = {}) => browser.post(path, fields, csrf);
    const stamp = async () =>
      /name="updated_at" value="([^"]+)"/.exec((await browser.page(`/console/documents/${document.id}/edit`)).text)![1];
    const email = `ada.${newId()}@example.test`;
    let personId = '';
    let groupId = '';
    let endpointId = '';

    steps.push(
      {
        post: async () => {
          const answer = await post('/console/people', { last_name: 'Lovelace', email });
          personId = /\/console\/people\/([0-9a-z]{26})/.exec(answer.headers.location)![1];
          return answer;
        },
        action: 'person.created',
      },
      {
        post: () => post(`/console/people/${personId}`, { last_name: 'Lovelace', email, locale: 'fr' }),
        action: 'person.updated',
        details: () => ({ fields: expect.arrayContaining(['locale']) }),
      },
      { post: () => post(`/console/people/${personId}/archive`), action: 'person.archived' },
      { post: () => post(`/console/people/${personId}/restore`), action: 'person.restored' },
      {
        post: async () => {
          const answer = await post('/console/groups', { name: 'Auditors' });
          groupId = /\/console\/groups\/([0-9a-z]{26})/.exec(answer.headers.location)![1];
          return answer;
        },
        action: 'group.created',
      },
      {
        post: () => post(`/console/groups/${groupId}`, { name: 'Internal auditors', auto_issue_requests: '1' }),
        action: 'group.updated',
      },
      {
        post: () => post(`/console/groups/${groupId}/members`, { emails: email }),
        action: 'group.people_added',
        details: () => ({ person_ids: [personId] }),
      },
      {
        post: () => post(`/console/groups/${groupId}/members/${personId}/remove`),
        action: 'group.person_removed',
        details: () => ({ person_id: personId }),
      },
      {
        post: () => post(`/console/groups/${groupId}/managers`, { user_id: manager.id }),
        action: 'group.managers_changed',
      },
      {
        post: async () =>
          post(`/console/documents/${document.id}/revisions`, {
            content: '# Rules\n\nBe kind.',
            intent: 'publish',
            updated_at: await stamp(),
          }),
        action: 'document.revision_published',
        details: () => ({ document_id: document.id }),
      },
      {
        post: async () =>
          post(`/console/documents/${document.id}/settings`, {
            name: 'Rules',
            renewal_interval_days: '30',
            requires_signature: '1',
            updated_at: await stamp(),
          }),
        action: 'document.updated',
        details: () => ({ fields: expect.arrayContaining(['name', 'renewal_interval_days']) }),
      },
      {
        post: async () => post(`/console/documents/${document.id}/archive`, { updated_at: await stamp() }),
        action: 'document.archived',
      },
      {
        post: async () => post(`/console/documents/${document.id}/restore`, { updated_at: await stamp() }),
        action: 'document.restored',
      },
      {
        post: async () => {
          const answer = await post('/console/webhooks', { url: 'http://127.0.0.1:9/hook', description: 'Audit' });
          [{ id: endpointId }] = await t.db.query(`SELECT id FROM webhook_endpoints WHERE organization_id = $1`, [
            owner.organizationId,
          ]);
          return answer;
        },
        action: 'webhook_endpoint.created',
      },
      {
        post: () => post(`/console/webhooks/${endpointId}`, { url: 'http://127.0.0.1:9/hook2', enabled: '1' }),
        action: 'webhook_endpoint.updated',
      },
      { post: () => post(`/console/webhooks/${endpointId}/rotate-secret`), action: 'webhook_endpoint.secret_rotated' },
      { post: () => post(`/console/webhooks/${endpointId}/test`), action: 'webhook_endpoint.test_sent' },
      {
        post: async () => {
          const [{ id }] = await t.db.query(`SELECT id FROM webhook_deliveries WHERE endpoint_id = $1`, [endpointId]);
          return post(`/console/webhooks/${endpointId}/deliveries/${id}/redeliver`);
        },
        action: 'webhook_delivery.redelivered',
      },
    );

    for (const step of steps) {
      const answer = await step.post();
      // The action's name goes along, so a failing step says which it is.
      expect({ action: step.action, succeeded: [200, 201, 303].includes(answer.status) }).toEqual({
        action: step.action,
        succeeded: true,
      });
      const { audit } = await since();
      expect(audit).toEqual([
        expect.objectContaining({
          action: step.action,
          user_id: owner.userId,
          user_agent: USER_AGENT,
          ip: expect.stringContaining('127.0.0.1'),
          details: expect.objectContaining(step.details?.() ?? {}),
        }),
      ]);
    }
    // Never a secret in the log.
    expect(JSON.stringify(await t.db.query(`SELECT details FROM audit_log`))).not.toMatch(/whsec_/);
  });

  it('writes nothing for a form that changes nothing, nor for one refused', async () => {
    const since = recorder(owner.organizationId);
    const person = await createPerson(t.app, owner.organizationId, { lastName: 'Same' });
    await since();
    const { csrf } = await browser.page(`/console/people/${person.id}`);
    await browser.post(`/console/people/${person.id}/restore`, {}, csrf);
    const refused = await browser.post(`/console/people/${person.id}`, { last_name: '', email: 'not an email' }, csrf);
    expect(refused.status).toBe(422);
    expect((await since()).audit).toEqual([]);
  });

  it('the API writes the same entries and the same events as the console for the same changes', async () => {
    const viaApi = await createTenant(t.app);
    const viaConsole = await createTenant(t.app);
    const consoleUser = await consoleBrowser(t, viaConsole);

    /** The same changes, made in each organization through its door: what each wrote, in order. */
    async function effects(tenant: Tenant, door: 'api' | 'console') {
      const document = await createDocument(t.app, tenant.organizationId);
      const group = await createGroup(t.app, tenant.organizationId, { documentIds: [document.id], autoIssue: true });
      const person = await createPerson(t.app, tenant.organizationId);
      const since = recorder(tenant.organizationId);
      await since();
      const written: { audit: string[]; events: string[] }[] = [];
      const api = (method: 'post' | 'patch', path: string, body: object = {}) =>
        t.http[method](`/api/v1${path}`)
          .set(tenant.auth)
          .send(body)
          .expect((r) => expect(r.status).toBeLessThan(300));
      const page = (path: string) => consoleUser.page(path);
      const form = async (path: string, fields: Record<string, string>, from: string) => {
        const shown = await page(from);
        const stamp = /name="updated_at" value="([^"]+)"/.exec(shown.text)?.[1];
        const answer = await consoleUser.post(path, { ...fields, ...(stamp ? { updated_at: stamp } : {}) }, shown.csrf);
        expect(answer.status).toBe(303);
      };
      const edit = `/console/documents/${document.id}/edit`;
      const changes: [() => Promise<unknown>, () => Promise<unknown>][] = [
        [
          () => api('post', `/documents/${document.id}/revisions`, { content: '# Two', format: 'markdown' }),
          () => form(`/console/documents/${document.id}/revisions`, { content: '# Two', intent: 'publish' }, edit),
        ],
        [
          () => api('patch', `/documents/${document.id}`, { name: 'Renamed' }),
          () => form(`/console/documents/${document.id}/settings`, { name: 'Renamed', requires_signature: '1' }, edit),
        ],
        [
          () => api('post', `/groups/${group.id}/people`, { person_ids: [person.id] }),
          () => form(`/console/groups/${group.id}/members`, { emails: person.email }, `/console/groups/${group.id}`),
        ],
        [
          () => api('post', `/documents/${document.id}/archive`),
          () => form(`/console/documents/${document.id}/archive`, {}, edit),
        ],
        [
          () => api('patch', `/people/${person.id}`, { locale: 'fr' }),
          () =>
            form(
              `/console/people/${person.id}`,
              { last_name: 'Hopper', email: person.email, locale: 'fr', first_name: 'Grace' },
              `/console/people/${person.id}`,
            ),
        ],
      ];
      for (const [throughApi, throughConsole] of changes) {
        await (door === 'api' ? throughApi() : throughConsole());
        const fresh = await since();
        for (const entry of fresh.audit) expect(entry.user_id).toBe(tenant.userId);
        written.push({ audit: fresh.audit.map((entry) => entry.action), events: fresh.events.sort() });
      }
      return written;
    }

    const api = await effects(viaApi, 'api');
    expect(await effects(viaConsole, 'console')).toEqual(api);
    expect(api.map((w) => w.audit)).toEqual([
      ['document.revision_published'],
      ['document.updated'],
      ['group.people_added'],
      ['document.archived'],
      ['person.updated'],
    ]);
    // Joining an automatic group issues the request, with its events, through either door.
    expect(api[2].events).toEqual(expect.arrayContaining(['attestation_request.created']));
  });

  it("audits the API's group changes that have no console form: a document taken out, a group deleted", async () => {
    const tenant = await createTenant(t.app);
    const document = await createDocument(t.app, tenant.organizationId);
    const group = await createGroup(t.app, tenant.organizationId, { documentIds: [document.id] });
    const quiet = await createGroup(t.app, tenant.organizationId, { name: 'Removed without a user' });
    const since = recorder(tenant.organizationId);
    await since();

    await t.http.delete(`/api/v1/groups/${group.id}/documents/${document.id}`).set(tenant.auth).expect(204);
    await t.http.delete(`/api/v1/groups/${group.id}`).set(tenant.auth).expect(204);
    const [removed, deleted] = (await since()).audit;
    expect(removed).toMatchObject({
      action: 'group.document_removed',
      user_id: tenant.userId,
      details: { group_id: group.id, document_id: document.id },
    });
    expect(deleted).toMatchObject({
      action: 'group.deleted',
      user_id: tenant.userId,
      details: { group_id: group.id, name: expect.any(String) },
    });
    // Refused (nothing to remove): no line. Without a user (the admin CLI, SCIM): no line either.
    await t.http.delete(`/api/v1/groups/${quiet.id}/documents/${document.id}`).set(tenant.auth).expect(404);
    await t.app.get(DeleteGroup).execute({ organizationId: tenant.organizationId, groupId: quiet.id });
    expect((await since()).audit).toEqual([]);
  });
});
