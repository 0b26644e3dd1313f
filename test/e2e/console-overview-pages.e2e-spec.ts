import { consoleBrowser } from '../support/console-session';
import { createTenant } from '../support/fixtures';
import { createDocument } from '../support/membership-fixtures';
import { startTestApp, TestApp } from '../support/test-app';

/** The overview's table shows 25 documents a page (most outstanding first); its totals cover them all. */
describe('console overview pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('pages the documents, keeps the totals whole, and refuses a page out of range', async () => {
    const owner = await createTenant(t.app);
    for (let i = 0; i < 27; i++) await createDocument(t.app, owner.organizationId, { name: `Policy ${100 + i}` });
    const browser = await consoleBrowser(t, owner);
    const rows = (html: string) => html.match(/<a href="\/console\/documents\/[0-9a-z]{26}">/g) ?? [];
    const first = await browser.page('/console/documents');
    expect(rows(first.text)).toHaveLength(25);
    expect(first.text).toContain('Page 1 of 2 · 27 in all');
    expect(first.text).toContain('href="/console/documents?page=2"');
    const second = await browser.page('/console/documents?page=2');
    expect(rows(second.text)).toHaveLength(2);
    expect(new Set([...rows(first.text), ...rows(second.text)]).size).toBe(27);
    await browser.page('/console/documents?page=0', 400);
    await browser.page('/console/documents?page=x', 400);
  });
});
