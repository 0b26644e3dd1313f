import { Browser, BrowserContext, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { UserRepository } from '../../src/identity/application/user.repository';
import { CreateSignInLink } from '../../src/sign-in/application/create-sign-in-link.use-case';
import { createTenant, Tenant } from '../support/fixtures';
import { freePort } from '../support/free-port';
import { startOpenIdProvider, TestOpenIdProvider } from '../support/openid-provider';
import { startTestApp, TestApp } from '../support/test-app';
import { launchChromium } from '../support/chromium';

jest.setTimeout(90_000);

/**
 * Single sign-on end to end: an owner configures it in the console, then members sign in through a real OpenID
 * Provider started in this process (oidc-provider), driven in Chromium. Refusals: a wrong `state`, a replayed
 * code, an unverified email, a domain not allowed, an unknown user; with "require single sign-on", no email link.
 */
describe('console single sign-on with OpenID Connect', () => {
  let t: TestApp;
  let provider: TestOpenIdProvider;
  let owner: Tenant;
  let ownerEmail: string;
  let browser: Browser;
  let appUrl: string;

  beforeAll(async () => {
    const port = await freePort();
    appUrl = `http://127.0.0.1:${port}`;
    t = await startTestApp({ env: { APP_URL: appUrl, RATE_LIMIT_PER_MINUTE: '1000' } });
    await t.app.listen(port, '127.0.0.1');
    owner = await createTenant(t.app, { name: 'SSO Org' });
    ownerEmail = (await t.app.get(UserRepository).findById(owner.userId))!.email;
    provider = await startOpenIdProvider({
      redirectUri: `${appUrl}/console/sso/callback`,
      accounts: {
        owner: { email: ownerEmail, email_verified: true },
        unverified: { email: ownerEmail, email_verified: false },
        outsider: { email: 'someone@elsewhere.test', email_verified: true },
        ghost: { email: 'ghost@example.test', email_verified: true },
      },
    });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await provider?.close();
    await t?.close();
  });

  /** Goes to the organization's sign-in address and logs in at the provider as `login`. */
  async function throughProvider(context: BrowserContext, login: string): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${appUrl}/console/sso/${owner.organizationId}`, { waitUntil: 'domcontentloaded' });
    expect(page.url().startsWith(provider.issuer)).toBe(true);
    await page.locator('input[name=login]').fill(login);
    await page.locator('input[name=password]').fill('any');
    await Promise.all([
      page.waitForURL(/consent|interaction|console/, { waitUntil: 'domcontentloaded' }),
      page.locator('button[type=submit]').click(),
    ]);
    if (page.url().startsWith(provider.issuer)) {
      await Promise.all([
        page.waitForURL(`${appUrl}/**`, { waitUntil: 'domcontentloaded' }),
        page.locator('button[type=submit]').first().click(),
      ]);
    }
    return page;
  }

  const refusals = async (reason: string) => {
    const log = await t.http.get('/api/v1/audit-log?action=sign_in.sso_refused').set(owner.auth).expect(200);
    return log.body.data.filter((e: { details: { reason: string } }) => e.details.reason.includes(reason)).length;
  };

  it('is configured by an owner in the console; the secret is stored sealed', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(await t.app.get(CreateSignInLink).execute({ userId: owner.userId, ttlMs: 60_000 }));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: 'Single sign-on' }).click();
    await page.getByLabel('Issuer URL').fill(provider.issuer);
    await page.getByLabel('Client id').fill(provider.clientId);
    await page.getByLabel('Client secret').fill(provider.clientSecret);
    await page.getByLabel('Allowed email domains, separated by commas').fill('Example.test');
    await page.getByRole('button', { name: 'Save single sign-on' }).click();
    await page.waitForLoadState();
    expect(await page.locator('.notice').innerText()).toBe('Single sign-on is saved.');
    const [row] = await t.app
      .get(DataSource)
      .query(`SELECT * FROM sso_settings WHERE organization_id = $1`, [owner.organizationId]);
    expect(row.client_secret_sealed).toMatch(/^v1\./);
    expect(row.client_secret_sealed).not.toContain(provider.clientSecret);
    expect(row.allowed_domains).toEqual(['example.test']);
    await context.close();
  });

  it('signs a member in through the provider (PKCE, state, nonce) by verified email', async () => {
    const context = await browser.newContext();
    const page = await throughProvider(context, 'owner');
    expect(page.url()).toBe(`${appUrl}/console`);
    expect(await page.locator('h1').innerText()).toBe('Welcome');
    const log = await t.http.get('/api/v1/audit-log?action=sign_in.succeeded').set(owner.auth).expect(200);
    expect(log.body.data[0].details.method).toBe('single_sign_on');
    await context.close();
  });

  it('refuses an unverified email, a domain not allowed and an unknown user, never creating a user', async () => {
    for (const [login, text, reason] of [
      ['unverified', 'did not confirm your email', 'email_not_verified'],
      ['outsider', "not at one of your organization's domains", 'domain_not_allowed'],
      ['ghost', 'No member of this organization', 'unknown_user'],
    ]) {
      const context = await browser.newContext();
      const page = await throughProvider(context, login);
      expect(await page.locator('h1').innerText()).toBe('Single sign-on did not sign you in');
      expect(await page.locator('main').innerText()).toContain(text);
      expect(await refusals(reason)).toBe(1);
      expect((await context.cookies()).some((c) => c.name === 'console_session')).toBe(false);
      await context.close();
    }
    expect(await t.app.get(UserRepository).findByEmail('ghost@example.test')).toBeNull();
  });

  /**
   * Logs in at the provider but keeps the browser from following the provider's answer: the callback URL (with its
   * code and state) is returned unused, to be visited as a test wishes. The consent POST and the provider's resume
   * step are fetched without following redirects, with the browser's cookies.
   */
  async function callbackUnused(context: BrowserContext): Promise<string> {
    const page = await context.newPage();
    await page.goto(`${appUrl}/console/sso/${owner.organizationId}`, { waitUntil: 'domcontentloaded' });
    await page.locator('input[name=login]').fill('owner');
    await page.locator('input[name=password]').fill('any');
    await Promise.all([
      page.waitForURL(/interaction/, { waitUntil: 'domcontentloaded' }),
      page.locator('button[type=submit]').click(),
    ]);
    let captured = '';
    await context.route(`${provider.issuer}/interaction/**`, async (route) => {
      if (!(route.request().postData() ?? '').includes('prompt=consent')) return route.continue();
      const consented = await route.fetch({ maxRedirects: 0 });
      const resumed = await context.request.get(new URL(consented.headers().location, provider.issuer).href, {
        maxRedirects: 0,
      });
      captured = resumed.headers().location;
      return route.fulfill({ status: 200, contentType: 'text/plain', body: 'captured' });
    });
    await page.locator('button[type=submit]').first().click();
    await page.waitForFunction(() => true);
    for (let waited = 0; captured === '' && waited < 10_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
    expect(captured.startsWith(`${appUrl}/console/sso/callback?`)).toBe(true);
    await page.close();
    return captured;
  }

  it('refuses a callback with a wrong state', async () => {
    const context = await browser.newContext();
    const callback = new URL(await callbackUnused(context));
    callback.searchParams.set('state', 'not-the-state');
    const page = await context.newPage();
    const answer = await page.goto(callback.href);
    expect(answer!.status()).toBe(403);
    expect(await page.locator('h1').innerText()).toBe('Single sign-on did not sign you in');
    expect(await refusals('state')).toBeGreaterThanOrEqual(1);
    await context.close();
  });

  it('refuses a replayed code, even with the attempt cookie kept', async () => {
    const context = await browser.newContext();
    const callback = await callbackUnused(context);
    const kept = await context.storageState();
    const page = await context.newPage();
    await page.goto(callback);
    expect(await page.locator('h1').innerText()).toBe('Welcome');
    const replay = await browser.newContext({ storageState: kept });
    const again = await replay.newPage();
    const answer = await again.goto(callback);
    expect(answer!.status()).toBe(403);
    expect(await again.locator('h1').innerText()).toBe('Single sign-on did not sign you in');
    expect(await refusals('invalid_grant')).toBeGreaterThanOrEqual(1);
    await replay.close();
    await context.close();
  });

  it('with single sign-on required, sends no email link to the organization’s users', async () => {
    const settings = await t.app
      .get(DataSource)
      .query(`UPDATE sso_settings SET required = true RETURNING organization_id`);
    expect(settings).toHaveLength(2);
    const page = await t.http.get('/console/sign-in').expect(200);
    const cookie = String(page.headers['set-cookie']).split(';')[0];
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page.text)![1];
    await t.http
      .post('/console/sign-in')
      .set('Cookie', cookie)
      .type('form')
      .send({ _csrf: csrf, email: ownerEmail })
      .expect(200);
    const log = await t.http.get('/api/v1/audit-log?action=sign_in_link.sso_required').set(owner.auth).expect(200);
    expect(log.body.data).toHaveLength(1);
  });
});
