import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { INestApplicationContext } from '@nestjs/common';
import { Browser, BrowserContext, Page } from 'playwright-core';
import { issueRequest, IssuedRequest, publishDocument } from '../support/attestation-page-fixtures';
import { createTenant, Tenant } from '../support/fixtures';
import { eventually, startWorker } from '../support/membership-fixtures';
import { SmtpCapture, startSmtpCapture } from '../support/smtp-capture';
import { startTestApp, TestApp } from '../support/test-app';
import { freePort } from '../support/free-port';
import { launchChromium } from '../support/chromium';

/** Debian's chromium package (installed by .ci/run), driven by playwright-core: no browser download. */
const SCREENSHOTS = resolve(__dirname, '../../test-output/browser');

/** The page's globals, as the functions evaluated in it see them (this project compiles without the DOM types). */
declare const window: {
  getComputedStyle(element: unknown): { backgroundColor: string; outlineStyle: string };
  pwned?: number;
};

jest.setTimeout(60_000);

/**
 * The recipient's page in a real browser, as a recipient meets it: the link from an email captured over SMTP,
 * JavaScript off (the page needs none), the strict CSP on. One browser serves every case; each page state is
 * screenshot into test-output/browser/.
 */
describe('the attestation page in headless Chromium', () => {
  let smtp: SmtpCapture;
  let t: TestApp;
  let worker: INestApplicationContext;
  let tenant: Tenant;
  let browser: Browser;
  let noScript: BrowserContext;
  let appUrl: string;
  /** Messages the browser printed about the Content-Security-Policy: there must be none. */
  const policyViolations: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    const port = await freePort();
    appUrl = `http://127.0.0.1:${port}`;
    t = await startTestApp({ env: { SMTP_URL: smtp.url, APP_URL: appUrl, RATE_LIMIT_PER_MINUTE: '1000' } });
    await t.app.listen(port, '127.0.0.1');
    worker = await startWorker(t);
    tenant = await createTenant(t.app, { name: 'Acme Compliance' });
    mkdirSync(SCREENSHOTS, { recursive: true });
    browser = await launchChromium();
    noScript = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1000, height: 900 } });
  });
  afterAll(async () => {
    await browser?.close();
    await worker?.close();
    await t?.close();
    await smtp?.close();
  });

  async function newPage(context: BrowserContext = noScript): Promise<Page> {
    const page = await context.newPage();
    page.on('console', (message) => {
      if (/Content.Security.Policy/i.test(message.text())) policyViolations.push(message.text());
    });
    return page;
  }

  /** The page link in the email the request sent, as the recipient would click it. */
  async function linkFromEmail(issued: IssuedRequest): Promise<string> {
    await eventually(async () => smtp.to(issued.person.email).length > 0, 10_000, 'the request email');
    const link = new RegExp(`${appUrl}/attest/[A-Za-z0-9_-]{43}`).exec(smtp.to(issued.person.email)[0].text)?.[0];
    if (!link) throw new Error('no page link in the email');
    return link;
  }

  const screenshot = (page: Page, name: string) =>
    page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
  const heading = (page: Page) => page.locator('h1').innerText();
  const submit = async (page: Page) => {
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Sign the document' }).click(),
    ]);
    await page.waitForLoadState();
    return response;
  };

  it('opens the emailed link, shows the document, signs by typed name, confirms; GET /documents shows attested_latest', async () => {
    const document = await publishDocument(t.app, tenant.organizationId, {
      name: 'Code of Conduct',
      content:
        '# Our principles\n\nBe **kind** and *honest*.\n\n1. Respect others\n2. Report problems\n\n## Scope\n\nEveryone.',
    });
    const issued = await issueRequest(t, tenant, { document, message: 'Please read this before Friday.\nThank you!' });
    const link = await linkFromEmail(issued);
    const page = await newPage();

    const opened = await page.goto(link);
    expect(opened?.status()).toBe(200);
    expect(await heading(page)).toBe('Code of Conduct');
    expect(await page.locator('.message').innerText()).toContain('Please read this before Friday.\nThank you!');
    expect(await page.locator('.document h3').innerText()).toBe('Our principles');
    expect(await page.locator('.document li').allInnerTexts()).toEqual(['Respect others', 'Report problems']);
    // The one style sheet is applied under the policy (its hash is allowed).
    expect(
      await page
        .getByRole('button', { name: 'Sign the document' })
        .evaluate((b) => window.getComputedStyle(b).backgroundColor),
    ).toBe('rgb(0, 112, 60)');
    await screenshot(page, '1-document-and-form');

    await page.getByLabel('Your full name').fill('Ada Lovelace');
    await page.getByLabel(/I have read “Code of Conduct”/).check();
    const signed = await submit(page);
    expect(signed.status()).toBe(200);
    expect(await heading(page)).toBe('You have signed “Code of Conduct”');
    expect(await page.locator('main').innerText()).toContain('Thank you, Ada Lovelace.');
    await screenshot(page, '2-confirmation');

    const [row] = await t.db.query(`SELECT status, attested_at FROM attestation_requests WHERE id = $1`, [
      issued.requestId,
    ]);
    expect(row.status).toBe('attested');
    const [audit] = await t.db.query(`SELECT * FROM attestations WHERE attestation_request_id = $1`, [
      issued.requestId,
    ]);
    expect(audit).toMatchObject({ typed_name: 'Ada Lovelace', name_matches_recipient: true, ip_address: '127.0.0.1' });
    expect(audit.user_agent).toMatch(/Chrome\//);
    const documents = await t.http
      .get('/api/v1/documents')
      .query({ name: 'Code of Conduct' })
      .set(tenant.auth)
      .expect(200);
    expect(documents.body.data[0].attestation_counts).toMatchObject({ attested_latest: 1, pending_attested: 0 });

    // Opening the link again shows that it is done, not the form.
    const again = await page.goto(link);
    expect(again?.status()).toBe(200);
    expect(await heading(page)).toBe('You have already signed “Code of Conduct”');
    expect(await page.locator('form').count()).toBe(0);
    await screenshot(page, '3-already-signed');
    expect(policyViolations).toEqual([]);
    await page.close();
  });

  it('explains what is missing, focuses the error summary, and keeps what was typed', async () => {
    const issued = await issueRequest(t, tenant);
    const page = await newPage();
    await page.goto(await linkFromEmail(issued));

    const refused = await submit(page);
    expect(refused.status()).toBe(422);
    expect(await page.locator(':focus').getAttribute('class')).toBe('error-summary');
    expect(await page.locator('.error-summary').innerText()).toContain('Type your full name to sign.');
    expect(await page.getByLabel('Your full name').getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, '4-errors');

    await page.getByLabel('Your full name').fill('Ada Lovelace');
    expect((await submit(page)).status()).toBe(422);
    expect(await page.getByLabel('Your full name').inputValue()).toBe('Ada Lovelace');
    await page.getByLabel(/I have read/).check();
    expect((await submit(page)).status()).toBe(200);
    expect(await heading(page)).toMatch(/^You have signed/);
    await page.close();
  });

  it('is usable by keyboard: skip link, name, consent, button, each with a visible focus ring', async () => {
    const issued = await issueRequest(t, tenant);
    const page = await newPage();
    await page.goto(await linkFromEmail(issued));
    const focusOrder: string[] = [];
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      const focused = page.locator(':focus');
      focusOrder.push((await focused.getAttribute('id')) ?? (await focused.innerText()));
      expect(await focused.evaluate((element) => window.getComputedStyle(element).outlineStyle)).toBe('solid');
    }
    expect(focusOrder).toEqual(['Skip to main content', 'typed_name', 'consent', 'Sign the document']);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.type('Ada Lovelace');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await screenshot(page, '5-keyboard');
    await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), page.keyboard.press('Enter')]);
    await page.waitForLoadState();
    expect(await heading(page)).toMatch(/^You have signed/);
    await page.close();
  });

  it('shows a page of its own for a canceled, an expired, an on-hold request and an unknown link', async () => {
    const page = await newPage();
    const canceled = await issueRequest(t, tenant);
    const canceledLink = await linkFromEmail(canceled);
    await issueRequest(t, tenant, { person: canceled.person, document: canceled.document });
    const expired = await issueRequest(t, tenant);
    await t.db.query(`UPDATE attestation_requests SET expires_at = now() - interval '1 day' WHERE id = $1`, [
      expired.requestId,
    ]);
    const onHold = await issueRequest(t, tenant);
    const onHoldLink = await linkFromEmail(onHold);
    // Once the worker has recorded that delivery: a delivery it records afterwards would rightly undo the bounce.
    await eventually(
      async () =>
        (
          await t.db.query(`SELECT 1 FROM notifications WHERE $1 = ANY(attestation_request_ids) AND status = 'sent'`, [
            onHold.requestId,
          ])
        ).length === 1,
      10_000,
      'the delivery recorded',
    );
    await t.db.query(`UPDATE attestation_requests SET status = 'bounced' WHERE id = $1`, [onHold.requestId]);

    for (const [link, status, title, name] of [
      [canceledLink, 410, 'This request was canceled', '6-canceled'],
      [`${appUrl}${expired.path}`, 410, 'This request has expired', '7-expired'],
      [onHoldLink, 409, 'This request is on hold', '8-on-hold'],
      [`${canceledLink.slice(0, -4)}AAAA`, 404, 'This link is not valid', '9-not-found'],
    ] as const) {
      const response = await page.goto(link);
      expect(response?.status()).toBe(status);
      expect(await heading(page)).toBe(title);
      expect(await page.locator('form').count()).toBe(0);
      await screenshot(page, name);
    }
    await page.close();
  });

  it('shows HTML in names and messages as text, and runs nothing, even with JavaScript on', async () => {
    const scripted = await browser.newContext({ javaScriptEnabled: true });
    const evil = await createTenant(t.app, { name: 'Evil <img src=x onerror="window.pwned=1"> Org' });
    const document = await publishDocument(t.app, evil.organizationId, {
      name: 'Doc <script>window.pwned=2</script>',
      content: 'Text <script>window.pwned=3</script> and [a link](javascript:window.pwned=4)',
    });
    const issued = await issueRequest(t, evil, {
      document,
      message: '<b onmouseover="window.pwned=5">Hi</b><script>window.pwned=6</script>',
    });
    const page = await newPage(scripted);
    await page.goto(await linkFromEmail(issued));
    expect(await heading(page)).toBe('Doc <script>window.pwned=2</script>');
    expect(await page.locator('.masthead').innerText()).toBe('Evil <img src=x onerror="window.pwned=1"> Org');
    expect(await page.locator('.message p').innerText()).toBe(
      '<b onmouseover="window.pwned=5">Hi</b><script>window.pwned=6</script>',
    );
    expect(await page.locator('img, script, b').count()).toBe(0);
    expect(await page.locator('a[href^="javascript:"]').count()).toBe(0);
    await page.getByLabel('Your full name').fill('<script>window.pwned=7</script>');
    await page.getByLabel(/I have read/).check();
    await submit(page);
    expect(await page.locator('main').innerText()).toContain('Thank you, <script>window.pwned=7</script>.');
    expect(await page.evaluate(() => window.pwned)).toBeUndefined();
    await screenshot(page, '10-escaped');
    await scripted.close();
  });
});
