import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Browser, Frame, Page } from 'playwright-core';
import { issueRequest } from '../support/attestation-page-fixtures';
import { launchChromium } from '../support/chromium';
import { createTenant, Tenant } from '../support/fixtures';
import { freePort } from '../support/free-port';
import { eventually } from '../support/membership-fixtures';
import { startTestApp, TestApp } from '../support/test-app';

jest.setTimeout(60_000);

/** An integrator's page on its own origin that frames whatever URL it is asked for (`/?src=`). */
async function startIntegratorSite(): Promise<{ origin: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const src = new URL(request.url ?? '/', 'http://x').searchParams.get('src') ?? '';
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html><body><h1>Integrator</h1>` +
        `<iframe name="signing" src="${src.replace(/"/g, '&quot;')}" width="900" height="700"></iframe></body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * The attestation page inside another site's frame, in a real browser: the organization's `signing_frame_origins`
 * decide, through the page's `frame-ancestors`, and the browser enforces it. Two integrator sites on two ports of
 * this machine: one listed, one not.
 */
describe('the attestation page in a frame (headless Chromium)', () => {
  let t: TestApp;
  let tenant: Tenant;
  let browser: Browser;
  let listed: { origin: string; close(): Promise<void> };
  let unlisted: { origin: string; close(): Promise<void> };

  beforeAll(async () => {
    const port = await freePort();
    t = await startTestApp({ env: { APP_URL: `http://127.0.0.1:${port}`, RATE_LIMIT_PER_MINUTE: '1000' } });
    await t.app.listen(port, '127.0.0.1');
    tenant = await createTenant(t.app);
    [listed, unlisted] = [await startIntegratorSite(), await startIntegratorSite()];
    await t.http
      .patch('/api/v1/organization')
      .set(tenant.auth)
      .send({ signing_frame_origins: [listed.origin] })
      .expect(200);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await listed?.close();
    await unlisted?.close();
    await t?.close();
  });

  async function framed(
    site: { origin: string },
    src: string,
  ): Promise<{ page: Page; frame: Frame; refusals: string[] }> {
    const page = await browser.newPage();
    const refusals: string[] = [];
    page.on('console', (message) => {
      if (/frame-ancestors/.test(message.text())) refusals.push(message.text());
    });
    await page.goto(`${site.origin}/?src=${encodeURIComponent(src)}`);
    await page.waitForLoadState('load');
    const frame = page.frame({ name: 'signing' })!;
    return { page, frame, refusals };
  }

  it('loads in a listed origin, and the signer signs inside the frame through a signing URL', async () => {
    const issued = await issueRequest(t, tenant);
    const { url } = (
      await t.http.post(`/api/v1/attestation-requests/${issued.requestId}/signing-url`).set(tenant.auth).expect(201)
    ).body;
    const { page, frame, refusals } = await framed(listed, url);
    await eventually(async () => (await frame.locator('h1').count()) > 0, 10_000, 'the page in the frame');
    expect(await frame.locator('h1').innerText()).toBe(issued.document.name);
    expect(frame.url()).toMatch(/\/attest\/session\/[0-9a-z]{26}$/);

    await frame.fill('#typed_name', 'Ada Lovelace');
    await frame.check('#consent');
    await frame.click('form.sign button[type="submit"]');
    await eventually(async () => /You have signed/.test(await frame.locator('h1').innerText()), 10_000, 'signed');
    expect(refusals).toEqual([]);
    const shown = await t.http.get(`/api/v1/attestation-requests/${issued.requestId}`).set(tenant.auth).expect(200);
    expect(shown.body.status).toBe('attested');
    await page.close();
  });

  it('is refused by the browser in an origin not listed', async () => {
    const issued = await issueRequest(t, tenant);
    const { page, frame, refusals } = await framed(unlisted, `${t.config.appUrl}${issued.path}`);
    await eventually(async () => refusals.length > 0, 10_000, "the browser's refusal");
    expect(refusals[0]).toContain(`frame-ancestors ${listed.origin}`);
    expect(await frame.content()).not.toContain(issued.document.name);
    // The same page opened on its own (top level) shows as usual.
    const direct = await browser.newPage();
    await direct.goto(`${t.config.appUrl}${issued.path}`);
    expect(await direct.locator('h1').innerText()).toBe(issued.document.name);
    await direct.close();
    await page.close();
  });
});
