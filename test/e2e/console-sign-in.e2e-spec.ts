import type { INestApplicationContext } from '@nestjs/common';
import request from 'supertest';
import { FixedClock } from '@lib/core';
import { CreateUser } from '../../src/identity/application/create-user.use-case';
import { JoinOrganization } from '../../src/identity/application/join-organization.use-case';
import { UserRepository } from '../../src/identity/application/user.repository';
import { createTenant, Tenant } from '../support/fixtures';
import { startWorker } from '../support/membership-fixtures';
import { SmtpCapture, startSmtpCapture } from '../support/smtp-capture';
import { startTestApp, TestApp } from '../support/test-app';

type Agent = ReturnType<typeof request.agent>;

const csrfOf = (html: string): string => /name="_csrf" value="([^"]+)"/.exec(html)![1];

let clients = 0;
/**
 * A browser of its own, from an address of its own (the API trusts X-Forwarded-For from loopback), so the limit of
 * link requests per IP counts each test apart.
 */
function browserAt(t: TestApp): Agent {
  clients++;
  return request.agent(t.app.getHttpServer()).set('X-Forwarded-For', `198.51.100.${clients}`);
}

/** Console sign-in over HTTP (docs/console.md): links by email through the worker, sessions, CSRF, attempts refused. */
describe('console sign-in', () => {
  let smtp: SmtpCapture;
  let t: TestApp;
  let worker: INestApplicationContext;
  let owner: Tenant;
  let ownerEmail: string;
  const clock = new FixedClock(new Date());

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await startTestApp({ env: { SMTP_URL: smtp.url }, clock });
    worker = await startWorker(t);
    owner = await createTenant(t.app, { name: 'Acme <b>Compliance</b>' });
    ownerEmail = (await t.app.get(UserRepository).findById(owner.userId))!.email;
  });
  afterAll(async () => {
    await worker.close();
    await t.close();
    await smtp.close();
  });

  /** Asks for a link on the sign-in page and answers the URL from the email the worker sent. */
  async function linkFor(agent: Agent, email: string): Promise<string> {
    const before = smtp.to(email.toLowerCase()).length;
    const page = await agent.get('/console/sign-in').expect(200);
    await agent
      .post('/console/sign-in')
      .type('form')
      .send({ _csrf: csrfOf(page.text), email })
      .expect(200);
    const [message] = (await waitForMail(email.toLowerCase(), before + 1)).slice(before);
    return /http:\/\/api\.test(\/console\/link\/[A-Za-z0-9_-]{43})/.exec(message.text)![1];
  }

  async function waitForMail(email: string, count: number) {
    const deadline = Date.now() + 10_000;
    while (smtp.to(email).length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    return smtp.to(email);
  }

  /** Another owner of the organization: each has their own allowance of links per address. */
  async function anotherOwner(): Promise<string> {
    const { user } = await t.app.get(CreateUser).execute({
      organizationId: owner.organizationId,
      name: 'Owen Owner',
      email: `owen.${Date.now()}.${clients}@example.test`,
      role: 'owner',
    });
    return user.email;
  }

  async function signIn(agent: Agent, email: string, next?: string): Promise<request.Response> {
    const path = await linkFor(agent, email);
    const page = await agent.get(path + (next ? `?next=${encodeURIComponent(next)}` : '')).expect(200);
    return agent
      .post('/console/link')
      .type('form')
      .send({
        _csrf: csrfOf(page.text),
        secret: path.split('/').pop(),
        next: /name="next" value="([^"]*)"/.exec(page.text)![1],
      });
  }

  it('sends a single-use link by email, signs in with a new session, and sends headers of §1', async () => {
    const agent = browserAt(t);
    const signIn1 = await signIn(agent, ownerEmail.toUpperCase());
    expect(signIn1.status).toBe(303);
    expect(signIn1.headers.location).toBe('/console');
    const cookie = String(signIn1.headers['set-cookie']);
    expect(cookie).toMatch(/console_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax/);
    const home = await agent.get('/console').expect(200);
    expect(home.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(home.headers['content-security-policy']).not.toContain('script');
    expect(home.headers['referrer-policy']).toBe('same-origin');
    expect(home.headers['cache-control']).toBe('no-store');
    expect(home.text).toContain('Acme &lt;b>Compliance&lt;/b>');
    expect(home.text).not.toContain('<b>Compliance');
  });

  it('answers the same page for an unknown address, in about the same time', async () => {
    const agent = browserAt(t);
    const page = await agent.get('/console/sign-in').expect(200);
    const timed = async (email: string) => {
      const started = Date.now();
      const answer = await agent
        .post('/console/sign-in')
        .type('form')
        .send({ _csrf: csrfOf(page.text), email });
      return { answer, ms: Date.now() - started };
    };
    // The fastest of three answers each: a busy machine only ever adds time, so the minimum is the server's own.
    const fastest = async (email: string) => {
      const tries = [];
      for (let i = 0; i < 3; i++) tries.push(await timed(email));
      return tries.reduce((best, next) => (next.ms < best.ms ? next : best));
    };
    // A user of their own: six answers must not spend the other tests' allowance for the owner's address.
    const timedTenant = await createTenant(t.app, { name: 'Timing' });
    const timedEmail = (await t.app.get(UserRepository).findById(timedTenant.userId))!.email;
    const unknown = await fastest('nobody@example.test');
    const known = await fastest(timedEmail);
    expect(unknown.answer.status).toBe(200);
    expect(unknown.answer.text).toBe(known.answer.text);
    expect(unknown.ms).toBeGreaterThanOrEqual(240);
    expect(known.ms).toBeGreaterThanOrEqual(240);
    expect(Math.abs(unknown.ms - known.ms)).toBeLessThan(200);
  });

  it('refuses a reused, an expired and a forged link, and records each attempt', async () => {
    const agent = browserAt(t);
    const path = await linkFor(agent, ownerEmail);
    const use = async () => {
      const page = await agent.get(path).expect(200);
      return agent
        .post('/console/link')
        .type('form')
        .send({ _csrf: csrfOf(page.text), secret: path.split('/').pop() });
    };
    expect((await use()).status).toBe(303);
    const reused = await use();
    expect(reused.status).toBe(410);
    expect(reused.text).toContain('already used');

    const expiring = await linkFor(agent, ownerEmail);
    clock.advance(15 * 60_000);
    const page = await agent.get(expiring).expect(200);
    const expired = await agent
      .post('/console/link')
      .type('form')
      .send({ _csrf: csrfOf(page.text), secret: expiring.split('/').pop() });
    expect(expired.status).toBe(410);
    expect(expired.text).toContain('expired');

    const forged = await agent
      .post('/console/link')
      .type('form')
      .send({ _csrf: csrfOf(page.text), secret: 'x'.repeat(43) });
    expect(forged.status).toBe(404);
    const log = await t.http.get('/api/v1/audit-log').set(owner.auth).expect(200);
    const actions = log.body.data.map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['sign_in.used_link', 'sign_in.expired_link', 'sign_in.succeeded']));
  });

  it('refuses a POST without the CSRF token with 403, and records it', async () => {
    const agent = browserAt(t);
    await signIn(agent, await anotherOwner());
    const page = await agent.get('/console/api-settings').expect(200);
    expect(csrfOf(page.text)).toBeTruthy();
    const refused = await agent.post('/console/api-settings/tokens').type('form').send({ name: 'x', _csrf: 'forged' });
    expect(refused.status).toBe(403);
    const none = await agent.post('/console/sign-out').type('form').send({});
    expect(none.status).toBe(403);
    const log = await t.http.get('/api/v1/audit-log?action=console.csrf_refused').set(owner.auth).expect(200);
    expect(log.body.data.length).toBeGreaterThanOrEqual(2);
  });

  it('answers an unknown path under /console with a console page, for GET and POST, not the API JSON', async () => {
    const agent = browserAt(t);
    const expectConsolePage = (answer: request.Response, status: number, title: string) => {
      expect({ status: answer.status, type: answer.headers['content-type'] }).toEqual({
        status,
        type: 'text/html; charset=utf-8',
      });
      expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(answer.headers['referrer-policy']).toBe('same-origin');
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.text).toMatch(/^<!doctype html><html lang="en">/);
      expect(answer.text).toContain(`<h1>${title}</h1>`);
      expect(answer.text).toContain('<a href="/console">Back to the console</a>');
    };
    for (const path of ['/console/nope', '/console/api-settings/x/y', '/console/members/x/y/z', '/console/a%zz']) {
      expectConsolePage(await agent.get(path), 404, 'Page not found');
      expectConsolePage(await agent.post(path).type('form').send({ a: 'b' }), 404, 'Page not found');
    }
    const wrongMethod = await agent.delete('/console/sign-in');
    expectConsolePage(wrongMethod, 405, 'This page cannot be shown');
    expect(wrongMethod.headers.allow).toBe('GET, HEAD, POST');
    // Outside /console, the API's JSON stays.
    for (const path of ['/api/v1/nope', '/consoles', '/console.css']) {
      const answer = await agent.get(path).expect(404);
      expect({ path, body: answer.body }).toEqual({ path, body: { error: 'Not found.' } });
    }
  });

  it('never redirects off-site after sign-in', async () => {
    for (const next of ['https://evil.example/', '//evil.example', '/\\evil.example', '/console//evil.example']) {
      const agent = browserAt(t);
      const answer = await signIn(agent, await anotherOwner(), next);
      expect(answer.headers.location).toBe('/console');
    }
    const agent = browserAt(t);
    expect((await signIn(agent, await anotherOwner(), '/console/audit-log')).headers.location).toBe(
      '/console/audit-log',
    );
  });

  it('creates and revokes a token in API settings; the API then answers 401', async () => {
    const { user: manager } = await t.app.get(CreateUser).execute({
      organizationId: owner.organizationId,
      name: 'Mona Manager',
      email: `mona.${Date.now()}@example.test`,
      role: 'group_manager',
    });
    const agent = browserAt(t);
    const email = await anotherOwner();
    await signIn(agent, email);
    const settings = await agent.get('/console/api-settings').expect(200);
    // A token acts as its creator or a group manager: the choice offers no other owner or administrator.
    const select = /<select id="user_id"[^>]*>([\s\S]*?)<\/select>/.exec(settings.text)![1];
    const offered = [...select.matchAll(/value="([0-9a-z]{26})"/g)].map((match) => match[1]);
    const me = (await t.db.query(`SELECT id FROM users WHERE email = $1`, [email]))[0].id as string;
    expect(offered.sort()).toEqual([me, manager.id].sort());
    const created = await agent
      .post('/console/api-settings/tokens')
      .type('form')
      .send({ _csrf: csrfOf(settings.text), name: '<script>alert(1)</script>', scope: 'api:use' })
      .expect(201);
    expect(created.text).not.toContain('<script>alert(1)');
    const plaintext =
      /data-token="">(atst_[A-Za-z0-9_-]{43})</.exec(created.text)?.[1] ??
      /(atst_[A-Za-z0-9_-]{43})/.exec(created.text)![1];
    const auth = { Authorization: `Bearer ${plaintext}` };
    await t.http.get('/api/v1/me').set(auth).expect(200);
    const again = await agent.get('/console/api-settings').expect(200);
    expect(again.text).not.toContain(plaintext);
    const tokenId = /\/console\/api-settings\/tokens\/([0-9a-z]{26})\/revoke/.exec(again.text)![1];
    await agent
      .post(`/console/api-settings/tokens/${tokenId}/revoke`)
      .type('form')
      .send({ _csrf: csrfOf(again.text) })
      .expect(303);
    await t.http.get('/api/v1/me').set(auth).expect(401);
    await agent
      .post('/console/api-settings/tokens/not-a-ulid/revoke')
      .type('form')
      .send({ _csrf: csrfOf(again.text) })
      .expect(404);
    const foreign = await createTenant(t.app);
    await agent
      .post(`/console/api-settings/tokens/${foreign.tokenId}/revoke`)
      .type('form')
      .send({ _csrf: csrfOf(again.text) })
      .expect(404);
    const bad = await agent
      .post('/console/api-settings/tokens')
      .type('form')
      .send({ _csrf: csrfOf(again.text), name: '', user_id: 'zzz' });
    expect(bad.status).toBe(422);
  });

  it('shows a group manager no API settings, and signs out a removed user on their next request', async () => {
    const { user } = await t.app.get(CreateUser).execute({
      organizationId: owner.organizationId,
      name: 'Grace Manager',
      email: `grace.${Date.now()}@example.test`,
      role: 'group_manager',
    });
    const agent = browserAt(t);
    expect((await signIn(agent, user.email)).status).toBe(303);
    const refused = await agent.get('/console/api-settings');
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('Only owners and administrators');
    await t.app.get(UserRepository).removeMembership(owner.organizationId, user.id);
    const after = await agent.get('/console');
    expect(after.status).toBe(303);
    expect(after.headers.location).toMatch(/^\/console\/sign-in/);
  });

  it('lets a user of two organizations choose, then switch', async () => {
    const second = await createTenant(t.app, { name: 'Second Org' });
    await t.app
      .get(JoinOrganization)
      .execute({ userId: owner.userId, organizationId: second.organizationId, role: 'administrator' });
    const agent = browserAt(t);
    const answer = await signIn(agent, ownerEmail);
    expect(answer.headers.location).toBe('/console/organizations');
    const choose = await agent.get('/console/organizations').expect(200);
    await agent
      .post('/console/organizations')
      .type('form')
      .send({ _csrf: csrfOf(choose.text), organization_id: second.organizationId })
      .expect(303);
    expect((await agent.get('/console').expect(200)).text).toContain('Second Org (Administrator)');
    await agent
      .post('/console/organizations')
      .type('form')
      .send({ _csrf: csrfOf(choose.text), organization_id: 'nope' })
      .expect(404);
  });

  it('limits link requests per address: the sixth in 15 minutes gets a clear 429 page', async () => {
    const agent = browserAt(t);
    const page = await agent.get('/console/sign-in').expect(200);
    const email = `limit.${Date.now()}@example.test`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (
          await agent
            .post('/console/sign-in')
            .type('form')
            .send({ _csrf: csrfOf(page.text), email })
        ).status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('ends every session with "sign out everywhere"', async () => {
    const first = browserAt(t);
    const second = browserAt(t);
    const email = await anotherOwner();
    await signIn(first, email);
    await signIn(second, email);
    const home = await first.get('/console/organizations').expect(200);
    await first
      .post('/console/sign-out-everywhere')
      .type('form')
      .send({ _csrf: csrfOf(home.text) })
      .expect(303);
    expect((await second.get('/console/organizations')).status).toBe(303);
  });

  it('invites a member by email, changes their role, keeps the last owner, and removes the member', async () => {
    const org = await createTenant(t.app, { name: 'Members Org' });
    const soleOwner = (await t.app.get(UserRepository).findById(org.userId))!;
    const admin = browserAt(t);
    expect((await signIn(admin, soleOwner.email)).status).toBe(303);
    let page = await admin.get('/console/members').expect(200);
    const invitee = `invitee.${Date.now()}@example.test`;
    await admin
      .post('/console/members')
      .type('form')
      .send({ _csrf: csrfOf(page.text), email: invitee, name: 'Ivy <Invitee>', role: 'administrator' })
      .expect(303);
    page = await admin.get('/console/members?done=invited').expect(200);
    expect(page.text).toContain('Ivy &lt;Invitee>');
    expect(page.text).toContain('The invitation is on its way.');

    const [invitation] = await waitForMail(invitee, 1);
    expect(invitation.subject).toContain('Members Org');
    const path = /http:\/\/api\.test(\/console\/link\/[A-Za-z0-9_-]{43})/.exec(invitation.text)![1];
    const guest = browserAt(t);
    const linkPage = await guest.get(path).expect(200);
    const joined = await guest
      .post('/console/link')
      .type('form')
      .send({ _csrf: csrfOf(linkPage.text), secret: path.split('/').pop() });
    expect(joined.headers.location).toBe('/console');
    expect((await guest.get('/console/api-settings').expect(200)).text).toContain('Members Org');

    const inviteeId = /\/console\/members\/([0-9a-z]{26})\/role/.exec(
      page.text.slice(page.text.indexOf('Ivy &lt;Invitee>')),
    )![1];
    const lastOwner = await admin
      .post(`/console/members/${soleOwner.id}/role`)
      .type('form')
      .send({ _csrf: csrfOf(page.text), role: 'administrator' });
    expect(lastOwner.status).toBe(422);
    expect(lastOwner.text).toContain('The last owner can be neither removed nor given another role.');
    await admin
      .post(`/console/members/${soleOwner.id}/remove`)
      .type('form')
      .send({ _csrf: csrfOf(page.text) })
      .expect(422);
    // An administrator cannot make anyone an owner.
    const guestPage = await guest.get('/console/members').expect(200);
    await guest
      .post(`/console/members/${inviteeId}/role`)
      .type('form')
      .send({ _csrf: csrfOf(guestPage.text), role: 'owner' })
      .expect(422);

    await admin
      .post(`/console/members/${inviteeId}/role`)
      .type('form')
      .send({ _csrf: csrfOf(page.text), role: 'group_manager' })
      .expect(303);
    expect((await guest.get('/console/api-settings')).status).toBe(403);
    await admin
      .post(`/console/members/${inviteeId}/remove`)
      .type('form')
      .send({ _csrf: csrfOf(page.text) })
      .expect(303);
    expect((await guest.get('/console')).status).toBe(303);
    await admin
      .post('/console/members/01ARZ3NDEKTSV4RRFFQ69G5FAV/remove')
      .type('form')
      .send({ _csrf: csrfOf(page.text) })
      .expect(404);

    const log = await t.http.get('/api/v1/audit-log').set(org.auth).expect(200);
    expect(log.body.data.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['member.invited', 'member.role_changed', 'member.removed', 'console.forbidden']),
    );
  });
});
