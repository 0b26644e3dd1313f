import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import AxeBuilder from '@axe-core/playwright';
import { Browser, Page } from 'playwright-core';
import { AddPeopleToGroup } from '../../src/groups/application/add-people-to-group.use-case';
import { CreateUser } from '../../src/identity/application/create-user.use-case';
import { UserRepository } from '../../src/identity/application/user.repository';
import { launchChromium } from '../support/chromium';
import { createTenant, Tenant } from '../support/fixtures';
import { freePort } from '../support/free-port';
import { createDocument, createGroup, createPerson, eventually, startWorker } from '../support/membership-fixtures';
import { SmtpCapture, startSmtpCapture } from '../support/smtp-capture';
import { startTestApp, TestApp } from '../support/test-app';

/** The README's pictures: each compliance page at a phone's width. */
// The pictures in docs/console/ are refreshed on purpose (UPDATE_SCREENSHOTS=1); a plain run leaves the docs alone.
const SCREENSHOTS = resolve(
  __dirname,
  process.env.UPDATE_SCREENSHOTS ? '../../docs/console' : '../../test-output/console-compliance',
);
const PHONE = { width: 390, height: 844 };

declare const document: { documentElement: { scrollWidth: number } };
declare const window: { innerWidth: number };

jest.setTimeout(300_000);

/**
 * The compliance console in headless Chromium, without JavaScript: the done-when flow of the issue (a compliance
 * officer finds the document behind, filters to those who have not signed in one group, reminds them, downloads the
 * list; a group manager sees only their groups), and every page checked by axe-core at 390 px.
 */
describe('the compliance console in headless Chromium', () => {
  let smtp: SmtpCapture;
  let t: TestApp;
  let worker: INestApplicationContext;
  let owner: Tenant;
  let ownerEmail: string;
  let managerEmail: string;
  let browser: Browser;
  let appUrl: string;
  let policy: { id: string; name: string };
  let sales: { id: string };
  const salesPeople: { id: string; email: string; name: string }[] = [];
  let engineer: { id: string; email: string; name: string };

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    const port = await freePort();
    appUrl = `http://127.0.0.1:${port}`;
    t = await startTestApp({
      env: {
        SMTP_URL: smtp.url,
        APP_URL: appUrl,
        RATE_LIMIT_PER_MINUTE: '1000',
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      },
    });
    await t.app.listen(port, '127.0.0.1');
    worker = await startWorker(t);
    owner = await createTenant(t.app, { name: 'Acme Compliance' });
    ownerEmail = (await t.app.get(UserRepository).findById(owner.userId))!.email;
    const organizationId = owner.organizationId;

    policy = await createDocument(t.app, organizationId, { name: 'Code of conduct' });
    await createDocument(t.app, organizationId, { name: 'Travel policy' });
    sales = await createGroup(t.app, organizationId, { documentIds: [policy.id], name: 'Sales' });
    const engineering = await createGroup(t.app, organizationId, { documentIds: [policy.id], name: 'Engineering' });
    // Names a customer may type: a formula, markup, right-to-left text.
    for (const [firstName, lastName] of [
      ['=HYPERLINK("http://evil.test")', 'Formula'],
      ['<b>Bold</b>', 'Markup'],
      ['مريم', 'العلي'],
    ]) {
      salesPeople.push(await createPerson(t.app, organizationId, { firstName, lastName }));
    }
    engineer = await createPerson(t.app, organizationId, { firstName: 'Eve', lastName: 'Engineer' });
    await t.app.get(AddPeopleToGroup).execute({ groupId: sales.id, personIds: salesPeople.map((p) => p.id) });
    await t.app.get(AddPeopleToGroup).execute({ groupId: engineering.id, personIds: [engineer.id] });
    // One of Sales has signed already: the filter must leave them out.
    const [signed] = await t.db.query(`SELECT access_token_hash FROM attestation_requests WHERE person_id = $1`, [
      salesPeople[2].id,
    ]);
    expect(signed).toBeDefined();
    await t.db.query(
      `UPDATE attestation_requests SET status = 'attested', attested_at = now(), updated_at = now() WHERE person_id = $1`,
      [salesPeople[2].id],
    );

    const { user } = await t.app.get(CreateUser).execute({
      organizationId,
      name: 'Gemma Manager',
      email: `gemma.${Date.now()}@example.test`,
      role: 'group_manager',
    });
    managerEmail = user.email;
    await t.http
      .put(`/api/v1/groups/${sales.id}/managers`)
      .set(owner.auth)
      .send({ user_ids: [user.id] })
      .expect(200);
    mkdirSync(SCREENSHOTS, { recursive: true });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await worker?.close();
    await t?.close();
    await smtp?.close();
  });

  async function signIn(page: Page, email: string): Promise<void> {
    const before = smtp.to(email).length;
    await page.goto(`${appUrl}/console/sign-in`);
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await page.waitForLoadState();
    await eventually(async () => smtp.to(email).length > before, 10_000, 'the sign-in email');
    const link = new RegExp(`${appUrl}/console/link/[A-Za-z0-9_-]{43}`).exec(smtp.to(email)[before].text)![0];
    await page.goto(link);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForLoadState();
  }

  async function check(page: Page, name: string): Promise<void> {
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect({ name, violations: serious.map((v) => `${v.id}: ${v.help}`) }).toEqual({ name, violations: [] });
    const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect({ name, fits }).toEqual({ name, fits: true });
    await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
  }

  it('a compliance officer reminds one group of those who have not signed and downloads the list', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    const page = await context.newPage();
    await signIn(page, ownerEmail);
    await page.getByRole('link', { name: 'Overview' }).click();
    const rows = await page.locator('tbody tr').allInnerTexts();
    expect(rows[0]).toContain('Code of conduct');
    await page.getByRole('link', { name: 'Code of conduct' }).click();
    await page.getByLabel('Standing').selectOption('pending_attested');
    await page.getByLabel('Group').selectOption(sales.id);
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForLoadState();
    const listed = await page.locator('tbody').innerText();
    expect(listed).toContain('=HYPERLINK("http://evil.test") Formula');
    expect(listed).toContain('<b>Bold</b> Markup');
    expect(listed).not.toContain('العلي');
    expect(listed).not.toContain('Engineer');

    await page.getByLabel('Action', { exact: true }).selectOption('remind');
    await page.getByRole('button', { name: 'Start on everyone matching' }).click();
    await page.waitForLoadState();
    expect(page.url()).toMatch(/\/console\/bulk-actions\/[0-9a-z]{26}$/);
    await eventually(
      async () => {
        await page.reload();
        return (await page.locator('h1').innerText()) === 'Remind: finished';
      },
      30_000,
      'the reminders',
    );
    expect(await page.locator('[data-done]').innerText()).toBe('2');
    for (const person of salesPeople.slice(0, 2)) {
      await eventually(async () => smtp.to(person.email).length === 2, 10_000, `the reminder to ${person.email}`);
    }
    expect(smtp.to(engineer.email)).toHaveLength(1);
    expect(smtp.to(salesPeople[2].email)).toHaveLength(1);

    await page.getByRole('link', { name: 'Back to the document' }).click();
    await page.getByLabel('Standing').selectOption('pending_attested');
    await page.getByLabel('Group').selectOption(sales.id);
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForLoadState();
    const href = await page.getByRole('link', { name: 'Download this list as CSV' }).getAttribute('href');
    const csv = await context.request.get(`${appUrl}${href}`);
    expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
    const lines = (await csv.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('person_id,name,email,groups,bucket,requested_at,last_reminded_at,attested_at,revision_id');
    expect(lines).toHaveLength(3);
    expect(lines.join('\n')).toContain(`"'=HYPERLINK(""http://evil.test"") Formula"`);
    expect(lines.every((line, i) => i === 0 || line.includes('pending_attested'))).toBe(true);
    await context.close();
  });

  it('a group manager sees only their groups', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    const page = await context.newPage();
    await signIn(page, managerEmail);
    // People and groups: those of the groups in their charge, to read.
    await page.getByRole('link', { name: 'People' }).click();
    const people = await page.locator('tbody').innerText();
    expect(people).toContain('Formula');
    expect(people).not.toContain('Engineer');
    await page.getByRole('link', { name: 'Groups' }).click();
    expect((await page.locator('tbody').innerText()).split('\n').map((row) => row.split('\t')[0])).toEqual(['Sales']);
    await page.getByRole('link', { name: 'Overview' }).click();
    expect(await page.locator('tbody').innerText()).toContain('Code of conduct');
    await page.getByRole('link', { name: 'Code of conduct' }).click();
    const listed = await page.locator('tbody').first().innerText();
    expect(listed).toContain('Formula');
    expect(listed).not.toContain('Engineer');
    const options = await page.getByLabel('Group').locator('option').allInnerTexts();
    expect(options).toEqual(['Any', 'Sales']);
    await page.goto(`${appUrl}/console/people/${engineer.id}`);
    expect(await page.locator('h1').innerText()).toBe('Not found');
    await page.goto(`${appUrl}/console/webhooks`);
    expect(await page.locator('h1').innerText()).toBe('Only owners and administrators can open this page');
    await context.close();
  });

  it('passes axe-core with no serious or critical violation, and fits 390 px, on every page', async () => {
    const context = await browser.newContext({ viewport: PHONE, bypassCSP: true });
    const page = await context.newPage();
    await signIn(page, ownerEmail);
    await page.goto(`${appUrl}/console/documents`);
    await check(page, 'overview');
    await page.goto(`${appUrl}/console/documents/${policy.id}`);
    await check(page, 'document');
    await page.getByRole('checkbox', { name: `Choose ${engineer.name}` }).check();
    await page.getByLabel('Action', { exact: true }).selectOption('cancel');
    await page.getByRole('button', { name: 'Start on the people chosen' }).click();
    await page.waitForLoadState();
    // Checked once finished: a running action's page reloads itself every 2 s.
    await eventually(
      async () => {
        await page.reload();
        return (await page.locator('h1').innerText()).endsWith('finished');
      },
      30_000,
      'the cancel',
    );
    await check(page, 'bulk-action');
    await page.goto(`${appUrl}/console/documents/${policy.id}`);
    await page.getByRole('link', { name: /Publish a revision/ }).click();
    await page.waitForLoadState();
    await page.getByLabel(/The full text, in Markdown/).fill('# Code of conduct\n\nBe **kind**. שלום');
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.waitForLoadState();
    expect(await page.locator('.preview strong').innerText()).toBe('kind');
    await check(page, 'document-edit');
    await page.goto(`${appUrl}/console/people`);
    await check(page, 'people');
    await page.goto(`${appUrl}/console/people/${salesPeople[2].id}`);
    expect(await page.locator('h1').innerText()).toBe('مريم العلي');
    await check(page, 'person');
    // The person's language, chosen here, is the one the API shows and the signer's emails use.
    await page.getByLabel('Language of their emails, page and certificate').selectOption('fr');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForLoadState();
    const saved = await t.http.get(`/api/v1/people/${salesPeople[2].id}`).set(owner.auth).expect(200);
    expect(saved.body.locale).toBe('fr');
    expect(await page.getByLabel('Language of their emails, page and certificate').inputValue()).toBe('fr');
    await page.goto(`${appUrl}/console/groups`);
    await check(page, 'groups');
    await page.getByRole('link', { name: 'Sales' }).click();
    await page.getByLabel(/Add people by email address/).fill(`${engineer.email}\nnobody@example.test`);
    await page.getByRole('button', { name: 'Add to the group' }).click();
    await page.waitForLoadState();
    expect(await page.locator('.notice').innerText()).toBe('1 of 2 added. 1 address(es) belong to no active person.');
    expect(await page.getByRole('heading', { name: 'Managers' }).count()).toBe(1);
    await check(page, 'group');

    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByLabel('URL (https)').fill('http://127.0.0.1:9/hook');
    await page.getByLabel('Description (optional)').fill('Payroll <sync>');
    await page.getByRole('button', { name: 'Add the endpoint' }).click();
    await page.waitForLoadState();
    const secret = await page.locator('code[data-secret]').innerText();
    expect(secret).toMatch(/^whsec_/);
    await check(page, 'webhooks');
    await page.getByRole('link', { name: 'http://127.0.0.1:9/hook' }).click();
    await page.getByRole('button', { name: 'Send a test event' }).click();
    await page.waitForLoadState();
    await eventually(
      async () => {
        await page.reload();
        return (await page.getByRole('region', { name: 'Deliveries' }).count()) === 1;
      },
      30_000,
      'the test delivery',
    );
    expect(await page.getByRole('region', { name: 'Deliveries' }).innerText()).toContain('webhook.test');
    await page.getByRole('button', { name: 'Rotate the secret' }).click();
    await page.waitForLoadState();
    expect(await page.locator('code[data-secret]').innerText()).not.toBe(secret);
    await page.getByLabel('Enabled').uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForLoadState();
    expect(await page.locator('.notice').innerText()).toBe('The changes were saved.');
    await check(page, 'webhook');
    await page.getByRole('link', { name: 'Webhooks' }).click();
    expect(await page.locator('tbody').innerText()).toContain('Disabled');
    await context.close();
  });
});
