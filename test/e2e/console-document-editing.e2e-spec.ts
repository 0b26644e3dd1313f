import { createHash } from 'node:crypto';
import { FixedClock, newId } from '@lib/core';
import { renderDocumentContent } from '../../src/attestation-page/http/document-content';
import { CreateUser } from '../../src/identity/application/create-user.use-case';
import { consoleBrowser, ConsoleBrowser } from '../support/console-session';
import { createTenant, Tenant } from '../support/fixtures';
import { createDocument, eventually } from '../support/membership-fixtures';
import { startTestApp, TestApp } from '../support/test-app';

const MARKDOWN = '# Safety rules\n\nWear **boots**. <script>alert(1)</script> [bad](javascript:alert(1))\n';
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** A document's editing page: preview with the attestation page's renderer, publish, settings, archive, stale forms. */
describe('console document editing', () => {
  let t: TestApp;
  let clock: FixedClock;
  let owner: Tenant;
  let other: Tenant;
  let browser: ConsoleBrowser;

  const apiDocument = async (id: string) =>
    (await t.http.get(`/api/v1/documents/${id}`).set(owner.auth).expect(200)).body as {
      name: string;
      renewal_interval_days: number | null;
      archived_at: string | null;
      updated_at: string;
    };
  const revisions = async (id: string) =>
    (await t.http.get(`/api/v1/documents/${id}/revisions`).set(owner.auth).expect(200)).body as {
      data: { content_sha256: string }[];
    };
  /** The edit page, and its forms' hidden fields. */
  const editPage = async (id: string) => {
    const page = await browser.page(`/console/documents/${id}/edit`);
    return { ...page, updatedAt: /name="updated_at" value="([^"]+)"/.exec(page.text)![1] };
  };

  beforeAll(async () => {
    clock = new FixedClock(new Date());
    t = await startTestApp({ clock });
    owner = await createTenant(t.app);
    other = await createTenant(t.app);
    browser = await consoleBrowser(t, owner);
  });
  afterAll(() => t.close());
  beforeEach(() => clock.advance(1_000));

  it('previews Markdown with the attestation page renderer without saving, then publishes it', async () => {
    const document = await createDocument(t.app, owner.organizationId);
    const before = await revisions(document.id);
    const page = await editPage(document.id);

    const preview = await browser.post(
      `/console/documents/${document.id}/revisions`,
      { content: MARKDOWN, intent: 'preview', updated_at: page.updatedAt },
      page.csrf,
    );
    expect(preview.status).toBe(200);
    const rendered = renderDocumentContent({
      content: MARKDOWN,
      contentType: 'text/markdown',
      contentSha256: '',
    }).value;
    expect(preview.text).toContain(rendered);
    expect(rendered).toContain('<strong>boots</strong>');
    expect(preview.text).not.toContain('<script>alert');
    expect(preview.text).not.toContain('href="javascript:');
    // The text stays in the form, and nothing was published.
    expect(preview.text).toContain('Wear **boots**.');
    expect((await revisions(document.id)).data.length).toBe(before.data.length);

    const published = await browser.post(
      `/console/documents/${document.id}/revisions`,
      { content: MARKDOWN, intent: 'publish', updated_at: page.updatedAt },
      page.csrf,
    );
    expect(published.status).toBe(303);
    expect(published.headers.location).toBe(`/console/documents/${document.id}/edit?done=published`);
    const after = await revisions(document.id);
    expect(after.data.length).toBe(before.data.length + 1);
    expect(after.data[0].content_sha256).toBe(sha256(MARKDOWN));
  });

  it('answers 409 to a form shown before the document changed, and changes nothing', async () => {
    const document = await createDocument(t.app, owner.organizationId);
    const stale = await editPage(document.id);
    clock.advance(1_000);
    await t.http
      .patch(`/api/v1/documents/${document.id}`)
      .set(owner.auth)
      .send({ name: 'Renamed meanwhile' })
      .expect(200);
    const count = (await revisions(document.id)).data.length;

    for (const [path, fields] of [
      ['revisions', { content: 'Too late', intent: 'publish' }],
      ['settings', { name: 'Overwritten' }],
      ['archive', {}],
    ] as const) {
      const answer = await browser.post(
        `/console/documents/${document.id}/${path}`,
        { ...fields, updated_at: stale.updatedAt },
        stale.csrf,
      );
      expect(answer.status).toBe(409);
      expect(answer.text).toContain('reload the page');
    }
    const now = await apiDocument(document.id);
    expect(now).toMatchObject({ name: 'Renamed meanwhile', archived_at: null });
    expect((await revisions(document.id)).data.length).toBe(count);
  });

  it('starts the publish form from the current revision, and from nothing before the first', async () => {
    const document = await createDocument(t.app, owner.organizationId, { name: 'House rules' });
    const page = await editPage(document.id);
    expect(/<textarea[^>]*name="content"[^>]*>([^<]*)<\/textarea>/.exec(page.text)![1]).toBe('# House rules');
    expect(page.text).toContain('The form starts from the current revision');

    const unpublished = await createDocument(t.app, owner.organizationId, { published: false });
    const empty = await editPage(unpublished.id);
    expect(/<textarea[^>]*name="content"[^>]*>([^<]*)<\/textarea>/.exec(empty.text)![1]).toBe('');
    expect(empty.text).not.toContain('The form starts from the current revision');

    // A preview keeps what was typed, not the current revision.
    const preview = await browser.post(
      `/console/documents/${document.id}/revisions`,
      { content: 'Draft *two*', intent: 'preview', updated_at: page.updatedAt },
      page.csrf,
    );
    expect(/<textarea[^>]*name="content"[^>]*>([^<]*)<\/textarea>/.exec(preview.text)![1]).toBe('Draft *two*');
  });

  it('lets exactly one of two saves of the same form win, however they interleave', async () => {
    for (const [path, fields] of [
      ['settings', (n: number) => ({ name: `Saved by ${n}`, requires_signature: '1' })],
      ['revisions', (n: number) => ({ content: `Text ${n}`, intent: 'publish' })],
      ['archive', () => ({})],
    ] as const) {
      const document = await createDocument(t.app, owner.organizationId);
      const page = await editPage(document.id);
      clock.advance(1_000);
      // Both saves read the document and pass the form's check, then wait on its row until this lock goes.
      const holder = t.db.createQueryRunner();
      await holder.connect();
      await holder.startTransaction();
      await holder.query(`SELECT id FROM documents WHERE id = $1 FOR UPDATE`, [document.id]);
      const saves = [1, 2].map((n) =>
        browser
          .post(`/console/documents/${document.id}/${path}`, { ...fields(n), updated_at: page.updatedAt }, page.csrf)
          .then((answer) => answer),
      );
      await eventually(
        async () =>
          (
            await t.db.query(
              `SELECT count(*)::int AS waiting FROM pg_stat_activity
                WHERE datname = current_database() AND wait_event_type = 'Lock'`,
            )
          )[0].waiting >= 2,
        10_000,
        `both ${path} saves waiting`,
      );
      await holder.commitTransaction();
      await holder.release();
      const answers = await Promise.all(saves);
      expect({ path, statuses: answers.map((answer) => answer.status).sort() }).toEqual({ path, statuses: [303, 409] });
      expect(answers.find((answer) => answer.status === 409)!.text).toContain('reload the page');
    }
  });

  it('saves the settings, archives and restores, and answers bad input with a clear page', async () => {
    const document = await createDocument(t.app, owner.organizationId);
    let page = await editPage(document.id);
    const saved = await browser.post(
      `/console/documents/${document.id}/settings`,
      { name: 'Code of conduct', renewal_interval_days: '365', requires_signature: '1', updated_at: page.updatedAt },
      page.csrf,
    );
    expect(saved.status).toBe(303);
    expect(await apiDocument(document.id)).toMatchObject({ name: 'Code of conduct', renewal_interval_days: 365 });

    clock.advance(1_000);
    page = await editPage(document.id);
    for (const [fields, status] of [
      [{ name: 'X', renewal_interval_days: 'soon', updated_at: page.updatedAt }, 422],
      [{ name: '', updated_at: page.updatedAt }, 422],
      [{ name: 'X' }, 400],
      [{ name: 'X', updated_at: 'yesterday' }, 400],
    ] as const) {
      const answer = await browser.post(`/console/documents/${document.id}/settings`, fields, page.csrf);
      expect(answer.status).toBe(status);
      expect(answer.text).toContain('<html');
    }
    const empty = await browser.post(
      `/console/documents/${document.id}/revisions`,
      { content: '  ', intent: 'publish', updated_at: page.updatedAt },
      page.csrf,
    );
    expect(empty.status).toBe(422);

    const archived = await browser.post(
      `/console/documents/${document.id}/archive`,
      { updated_at: page.updatedAt },
      page.csrf,
    );
    expect(archived.status).toBe(303);
    expect((await apiDocument(document.id)).archived_at).not.toBeNull();
    clock.advance(1_000);
    page = await editPage(document.id);
    expect(page.text).toContain('Restore the document');
    await browser.post(`/console/documents/${document.id}/restore`, { updated_at: page.updatedAt }, page.csrf);
    expect((await apiDocument(document.id)).archived_at).toBeNull();
  });

  it('refuses a missing form token, another organization and a group manager', async () => {
    const document = await createDocument(t.app, owner.organizationId);
    const page = await editPage(document.id);
    await browser.agent
      .post(`/console/documents/${document.id}/archive`)
      .type('form')
      .send(`_csrf=wrong&updated_at=${encodeURIComponent(page.updatedAt)}`)
      .expect(403);

    const outsider = await consoleBrowser(t, other);
    await outsider.page(`/console/documents/${document.id}/edit`, 404);
    const { csrf } = await outsider.page('/console/documents');
    const answer = await outsider.post(
      `/console/documents/${document.id}/archive`,
      { updated_at: page.updatedAt },
      csrf,
    );
    expect(answer.status).toBe(404);

    const { user } = await t.app.get(CreateUser).execute({
      organizationId: owner.organizationId,
      name: 'Gus Manager',
      email: `gus.${newId()}@example.test`,
      role: 'group_manager',
    });
    const manager = await consoleBrowser(t, { userId: user.id, organizationId: owner.organizationId });
    const overview = await manager.page('/console/documents');
    const refused = await manager.post(
      `/console/documents/${document.id}/archive`,
      { updated_at: page.updatedAt },
      overview.csrf,
    );
    expect([403, 404]).toContain(refused.status);
    await manager.page(`/console/documents/${document.id}/edit`, refused.status);
    expect((await apiDocument(document.id)).archived_at).toBeNull();
  });
});
