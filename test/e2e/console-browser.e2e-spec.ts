import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import AxeBuilder from '@axe-core/playwright';
import { Browser, BrowserContext, Page } from 'playwright-core';
import { UserRepository } from '../../src/identity/application/user.repository';
import { createTenant, Tenant } from '../support/fixtures';
import { freePort } from '../support/free-port';
import { eventually, startWorker } from '../support/membership-fixtures';
import { SmtpCapture, startSmtpCapture } from '../support/smtp-capture';
import { startTestApp, TestApp } from '../support/test-app';
import { launchChromium } from '../support/chromium';

/** Debian's chromium package, driven by playwright-core: no browser download. */
const SCREENSHOTS = resolve(__dirname, '../../test-output/console');
const PHONE = { width: 390, height: 844 };

/** The page's globals, as the functions evaluated in it see them (this project compiles without the DOM types). */
declare const document: { documentElement: { scrollWidth: number } };
declare const window: { innerWidth: number };

jest.setTimeout(90_000);

/**
 * The console in headless Chromium at a phone's width: signing in by the emailed link (sent by the worker over
 * SMTP), API settings, the audit log and its export, signing out. Once without JavaScript (the pages have none),
 * once with axe-core checking every page: no serious or critical violation, no sideways scrolling at 390 px.
 */
describe('the console in headless Chromium', () => {
  let smtp: SmtpCapture;
  let t: TestApp;
  let worker: INestApplicationContext;
  let owner: Tenant;
  let ownerEmail: string;
  let browser: Browser;
  let appUrl: string;
  const cspMessages: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    const port = await freePort();
    appUrl = `http://127.0.0.1:${port}`;
    t = await startTestApp({ env: { SMTP_URL: smtp.url, APP_URL: appUrl, RATE_LIMIT_PER_MINUTE: '1000' } });
    await t.app.listen(port, '127.0.0.1');
    worker = await startWorker(t);
    owner = await createTenant(t.app, { name: 'Acme <i>Compliance</i>' });
    ownerEmail = (await t.app.get(UserRepository).findById(owner.userId))!.email;
    mkdirSync(SCREENSHOTS, { recursive: true });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await worker?.close();
    await t?.close();
    await smtp?.close();
  });

  async function newPage(context: BrowserContext): Promise<Page> {
    const page = await context.newPage();
    page.on('console', (message) => {
      if (/Content.Security.Policy/i.test(message.text())) cspMessages.push(message.text());
    });
    return page;
  }

  /** Signs in from the sign-in page with the link the worker emailed. */
  async function signIn(page: Page, email: string): Promise<void> {
    const before = smtp.to(email).length;
    await page.goto(`${appUrl}/console/sign-in`);
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await page.waitForLoadState();
    expect(await page.locator('h1').innerText()).toBe('Check your email');
    await eventually(async () => smtp.to(email).length > before, 10_000, 'the sign-in email');
    const link = new RegExp(`${appUrl}/console/link/[A-Za-z0-9_-]{43}`).exec(smtp.to(email)[before].text)![0];
    await page.goto(link);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForLoadState();
  }

  async function createToken(page: Page, name: string): Promise<string> {
    await page.getByRole('link', { name: 'API settings' }).click();
    await page.getByLabel('Name').fill(name);
    await page.getByRole('button', { name: 'Create token' }).click();
    await page.waitForLoadState();
    return page.locator('code[data-token]').innerText();
  }

  const me = (token: string) => t.http.get('/api/v1/me').set('Authorization', `Bearer ${token}`);

  it('works without JavaScript: sign in, create a token, call the API with it, revoke it (401), sign out', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    const page = await newPage(context);
    await signIn(page, ownerEmail);
    expect(await page.locator('h1').innerText()).toBe('Welcome');
    expect(await page.locator('.who').innerText()).toContain('Acme <i>Compliance</i>');

    const token = await createToken(page, 'Payroll <b>sync</b>');
    expect(token).toMatch(/^atst_[A-Za-z0-9_-]{43}$/);
    expect(await page.locator('#created-title').innerText()).toContain('Payroll <b>sync</b>');
    await screenshot(page, 'api-settings-created');
    expect((await me(token)).status).toBe(200);

    await page.getByRole('link', { name: 'API settings' }).click();
    expect(await page.content()).not.toContain(token);
    await page.getByRole('button', { name: 'Revoke Payroll <b>sync</b>' }).click();
    await page.waitForLoadState();
    expect(await page.locator('tbody').innerText()).toContain('Revoked');
    expect((await me(token)).status).toBe(401);

    await page.getByRole('link', { name: 'Audit log' }).click();
    expect(await page.locator('tbody').innerText()).toContain('api_token.revoked');
    const csv = await context.request.get(`${appUrl}/console/audit-log.csv`);
    expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
    expect(await csv.text()).toMatch(/^id,at,user_id,action,ip,user_agent,details\r\n/);
    expect(await csv.text()).toContain('api_token.created');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForLoadState();
    expect(await page.locator('h1').innerText()).toBe('Sign in');
    await page.goto(`${appUrl}/console/api-settings`);
    expect(page.url()).toBe(`${appUrl}/console/sign-in?next=%2Fconsole%2Fapi-settings`);
    await context.close();
    expect(cspMessages).toEqual([]);
  });

  it('passes axe-core with no serious or critical violation, and fits 390 px, on every page', async () => {
    const context = await browser.newContext({ viewport: PHONE, bypassCSP: true });
    const page = await newPage(context);
    const checked: string[] = [];
    const check = async (name: string) => {
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect({ name, violations: serious.map((v) => `${v.id}: ${v.help}`) }).toEqual({ name, violations: [] });
      const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
      expect({ name, fits }).toEqual({ name, fits: true });
      await screenshot(page, name);
      checked.push(name);
    };
    await page.goto(`${appUrl}/console/sign-in`);
    await check('sign-in');
    await page.getByLabel('Email address').fill('nobody@example.test');
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await page.waitForLoadState();
    await check('check-email');
    await page.goto(`${appUrl}/console/link/${'x'.repeat(43)}`);
    await check('link');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForLoadState();
    expect(await page.locator('h1').innerText()).toBe('This link is not valid');
    await check('link-not-valid');

    await signIn(page, ownerEmail);
    await check('home');
    await createToken(page, 'A token with a long name that must wrap on a phone screen without scrolling');
    await check('api-settings-created');
    await page.getByRole('link', { name: 'API settings' }).click();
    await check('api-settings');
    await page.getByRole('link', { name: 'Members' }).click();
    await page.getByLabel('Email address').fill(`new.${Date.now()}@example.test`);
    await page.getByLabel('Name (for someone new)').fill('Nova <Newcomer>');
    await page.getByRole('button', { name: 'Send the invitation' }).click();
    await page.waitForLoadState();
    expect(await page.locator('tbody').innerText()).toContain('Nova <Newcomer>');
    await check('members');
    await page.getByRole('link', { name: 'Audit log' }).click();
    await check('audit-log');
    await page.goto(`${appUrl}/console/organizations`);
    await check('organizations');
    await page.getByRole('link', { name: 'Single sign-on' }).click();
    await check('single-sign-on');
    await page.goto(`${appUrl}/console/api-settings/x/y`);
    expect(await page.locator('h1').innerText()).toBe('Page not found');
    await check('not-found');
    expect(checked).toHaveLength(12);
    await context.close();
  });

  const screenshot = (page: Page, name: string) =>
    page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
});
