import { createHash } from 'node:crypto';
import { FixedClock } from '@lib/core';
import { createTenant, Tenant } from '../support/fixtures';
import { groupManagerOf } from '../support/management-fixtures';
import { createGroup, createPerson } from '../support/membership-fixtures';
import { startTestApp, TestApp } from '../support/test-app';

const UNKNOWN = '01jzzzzzzzzzzzzzzzzzzzzzzz';
const API = 'http://api.test/api/v1';
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** GET/POST/PATCH /documents, archive, restore, and revisions (docs/api-resources.md#documents). */
describe('managing documents through the API', () => {
  let t: TestApp;
  let clock: FixedClock;
  let tenant: Tenant;

  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    clock = t.clock as FixedClock;
    tenant = await createTenant(t.app);
  });
  afterAll(() => t.close());

  const create = async (body: Record<string, unknown> = {}) =>
    (
      await t.http
        .post('/api/v1/documents')
        .set(tenant.auth)
        .send({ name: 'Policy', ...body })
        .expect(201)
    ).body;
  const publish = (id: string, body: unknown) =>
    t.http
      .post(`/api/v1/documents/${id}/revisions`)
      .set(tenant.auth)
      .send(body as object);

  describe('POST /documents and GET /documents/{id}', () => {
    it('creates a signature document with the defaults, shown as the list shows it', async () => {
      const body = await create({ name: '  Code of conduct ' });
      const now = clock.now().toISOString();
      expect(body).toEqual({
        id: expect.stringMatching(/^[0-7][0-9a-hjkmnp-tv-z]{25}$/),
        organization_id: tenant.organizationId,
        name: 'Code of conduct',
        default_attestation_type: 'signature',
        requires_signature: true,
        renewal_interval_days: null,
        auto_renew: false,
        archived_at: null,
        has_published_revision: false,
        last_updated_at: null,
        attestation_counts: {
          attested_latest: 0,
          pending_attested: 0,
          attested_outdated: 0,
          unrequested: 0,
          renewal_due: 0,
          total: 0,
        },
        created_at: now,
        updated_at: now,
      });
      await t.http.get(`/api/v1/documents/${body.id.toUpperCase()}`).set(tenant.auth).expect(200, body);
      const { body: listed } = await t.http.get('/api/v1/documents?name=code of conduct').set(tenant.auth);
      expect(listed.data).toEqual([body]);
    });

    it('takes requires_signature, renewal_interval_days and auto_renew', async () => {
      const body = await create({ requires_signature: false, renewal_interval_days: 3650, auto_renew: true });
      expect(body).toMatchObject({ requires_signature: false, renewal_interval_days: 3650, auto_renew: true });
      expect(await create({ renewal_interval_days: null })).toMatchObject({ renewal_interval_days: null });
    });

    it.each([
      [{ name: undefined }, 'name', 'The name field is required.'],
      [{ name: ' ' }, 'name', 'The name field is required.'],
      [{ name: 3 }, 'name', 'The name field must be a string.'],
      [{ name: 'n'.repeat(256) }, 'name', 'The name field must not be greater than 255 characters.'],
      [{ requires_signature: 'yes' }, 'requires_signature', 'The requires signature field must be true or false.'],
      [{ requires_signature: null }, 'requires_signature', 'The requires signature field must be true or false.'],
      [{ renewal_interval_days: 0 }, 'renewal_interval_days', 'The renewal interval days field must be at least 1.'],
      [
        { renewal_interval_days: 3651 },
        'renewal_interval_days',
        'The renewal interval days field must not be greater than 3650.',
      ],
      [{ renewal_interval_days: 1.5 }, 'renewal_interval_days', 'The renewal interval days field must be an integer.'],
      [{ renewal_interval_days: '30' }, 'renewal_interval_days', 'The renewal interval days field must be an integer.'],
      [{ auto_renew: 1 }, 'auto_renew', 'The auto renew field must be true or false.'],
    ])('POST refuses %j with 422 on the field', async (change, field, message) => {
      const { body } = await t.http
        .post('/api/v1/documents')
        .set(tenant.auth)
        .send({ name: 'Policy', ...change })
        .expect(422);
      expect(body).toEqual({ message, errors: { [field]: [message] } });
    });

    it('GET answers 404 for a missing, malformed or foreign id', async () => {
      const other = await createTenant(t.app);
      const foreign = (await t.http.post('/api/v1/documents').set(other.auth).send({ name: 'Theirs' }).expect(201))
        .body;
      for (const id of [UNKNOWN, 'nope', foreign.id]) {
        await t.http.get(`/api/v1/documents/${id}`).set(tenant.auth).expect(404, { error: 'Not found.' });
      }
    });
  });

  describe('PATCH /documents/{id}', () => {
    it('changes the given fields only and moves updated_at; the same values change nothing', async () => {
      const document = await create({ renewal_interval_days: 30 });
      clock.advance(1000);
      const { body } = await t.http
        .patch(`/api/v1/documents/${document.id}`)
        .set(tenant.auth)
        .send({ name: ' Renamed ', auto_renew: true })
        .expect(200);
      expect(body).toEqual({ ...document, name: 'Renamed', auto_renew: true, updated_at: clock.now().toISOString() });
      clock.advance(1000);
      await t.http
        .patch(`/api/v1/documents/${document.id}`)
        .set(tenant.auth)
        .send({ name: 'Renamed', renewal_interval_days: 30 })
        .expect(200, body);
      const { body: cleared } = await t.http
        .patch(`/api/v1/documents/${document.id}`)
        .set(tenant.auth)
        .send({ renewal_interval_days: null, requires_signature: false })
        .expect(200);
      expect(cleared).toMatchObject({ renewal_interval_days: null, requires_signature: false });
    });

    it.each([
      [{ name: null }, 'name', 'The name field is required.'],
      [{ name: '' }, 'name', 'The name field is required.'],
      [{ requires_signature: null }, 'requires_signature', 'The requires signature field must be true or false.'],
      [{ renewal_interval_days: -1 }, 'renewal_interval_days', 'The renewal interval days field must be at least 1.'],
      [{ auto_renew: 'true' }, 'auto_renew', 'The auto renew field must be true or false.'],
    ])('refuses %j with 422 on the field, changing nothing', async (change, field, message) => {
      const document = await create();
      const { body } = await t.http.patch(`/api/v1/documents/${document.id}`).set(tenant.auth).send(change).expect(422);
      expect(body).toEqual({ message, errors: { [field]: [message] } });
      await t.http.get(`/api/v1/documents/${document.id}`).set(tenant.auth).expect(200, document);
    });

    it('answers 404 before validating the body', async () => {
      await t.http
        .patch(`/api/v1/documents/${UNKNOWN}`)
        .set(tenant.auth)
        .send({ name: null })
        .expect(404, { error: 'Not found.' });
    });
  });

  describe('archive and restore', () => {
    it('archive sets archived_at, restore clears it, each a no-op when repeated', async () => {
      const document = await create();
      clock.advance(1000);
      const at = clock.now().toISOString();
      const { body: archived } = await t.http
        .post(`/api/v1/documents/${document.id}/archive`)
        .set(tenant.auth)
        .expect(200);
      expect(archived).toEqual({ ...document, archived_at: at, updated_at: at });
      clock.advance(1000);
      await t.http.post(`/api/v1/documents/${document.id}/archive`).set(tenant.auth).expect(200, archived);
      const { body: active } = await t.http.get(`/api/v1/documents?name=${document.name}`).set(tenant.auth);
      expect(active.data.map((d: { id: string }) => d.id)).not.toContain(document.id);
      const { body: restored } = await t.http
        .post(`/api/v1/documents/${document.id}/restore`)
        .set(tenant.auth)
        .expect(200);
      expect(restored).toEqual({ ...document, archived_at: null, updated_at: clock.now().toISOString() });
      clock.advance(1000);
      await t.http.post(`/api/v1/documents/${document.id}/restore`).set(tenant.auth).expect(200, restored);
    });

    it('an archived document refuses new requests; restored, it takes them again', async () => {
      const document = await create();
      await publish(document.id, { content: 'Text', format: 'text' }).expect(201);
      const person = await createPerson(t.app, tenant.organizationId);
      await t.http.post(`/api/v1/documents/${document.id}/archive`).set(tenant.auth).expect(200);
      const send = () =>
        t.http
          .post('/api/v1/attestation-requests')
          .set(tenant.auth)
          .send({ person_id: person.id, document_id: document.id });
      await send().expect(422);
      await t.http.post(`/api/v1/documents/${document.id}/restore`).set(tenant.auth).expect(200);
      await send().expect(201);
    });

    it.each(['archive', 'restore'])('%s answers 404 for a foreign document, before the body', async (act) => {
      const other = await createTenant(t.app);
      const foreign = (await t.http.post('/api/v1/documents').set(other.auth).send({ name: 'T' }).expect(201)).body;
      await t.http
        .post(`/api/v1/documents/${foreign.id}/${act}`)
        .set(tenant.auth)
        .set('Content-Type', 'application/json')
        .send('{"broken')
        .expect(404, { error: 'Not found.' });
    });
  });

  describe('revisions', () => {
    it('publishes a revision that becomes the latest; attested people move to attested_outdated', async () => {
      const document = await create();
      clock.advance(1000);
      const { body: first } = await publish(document.id, { content: '# One\n', format: 'markdown' }).expect(201);
      expect(first).toEqual({
        document_revision_id: expect.stringMatching(/^[0-7][0-9a-hjkmnp-tv-z]{25}$/),
        document_id: document.id,
        published_at: clock.now().toISOString(),
      });
      const [stored] = await t.db.query(
        `SELECT content, content_type, content_sha256 FROM document_revisions WHERE id = $1`,
        [first.document_revision_id],
      );
      expect(stored).toEqual({ content: '# One\n', content_type: 'text/markdown', content_sha256: sha256('# One\n') });

      const person = await createPerson(t.app, tenant.organizationId);
      const request = await t.http
        .post('/api/v1/attestation-requests')
        .set(tenant.auth)
        .send({ person_id: person.id, document_id: document.id })
        .expect(201);
      await t.db.query(`UPDATE attestation_requests SET status = 'attested', attested_at = $2 WHERE id = $1`, [
        request.body.id,
        clock.now(),
      ]);
      const counts = async () =>
        (await t.http.get(`/api/v1/documents/${document.id}`).set(tenant.auth).expect(200)).body;
      expect((await counts()).attestation_counts).toMatchObject({ attested_latest: 1, total: 1 });

      clock.advance(1000);
      const { body: second } = await publish(document.id, { content: 'Two', format: 'text' }).expect(201);
      const shown = await counts();
      expect(shown).toMatchObject({ has_published_revision: true, last_updated_at: second.published_at });
      expect(shown.attestation_counts).toMatchObject({ attested_latest: 0, attested_outdated: 1, total: 1 });
      const [latest] = await t.db.query(
        `SELECT latest_revision_id, content_type FROM documents d
        JOIN document_revisions r ON r.id = d.latest_revision_id WHERE d.id = $1`,
        [document.id],
      );
      expect(latest).toEqual({ latest_revision_id: second.document_revision_id, content_type: 'text/plain' });

      const { body: list } = await t.http
        .get(`/api/v1/documents/${document.id}/revisions`)
        .set(tenant.auth)
        .expect(200);
      expect(list.data).toEqual([
        {
          document_revision_id: second.document_revision_id,
          published_at: second.published_at,
          content_sha256: sha256('Two'),
        },
        {
          document_revision_id: first.document_revision_id,
          published_at: first.published_at,
          content_sha256: sha256('# One\n'),
        },
      ]);
      expect(list.meta).toEqual({ current_page: 1, from: 1, last_page: 1, per_page: 25, to: 2, total: 2 });
    });

    it('lists revisions newest first, then by id descending, with paging links', async () => {
      const document = await create();
      const ids: string[] = [];
      for (let i = 0; i < 3; i++)
        ids.push((await publish(document.id, { format: 'text' }).expect(201)).body.document_revision_id);
      const { body } = await t.http
        .get(`/api/v1/documents/${document.id}/revisions?per_page=2`)
        .set(tenant.auth)
        .expect(200);
      expect(body.data.map((r: { document_revision_id: string }) => r.document_revision_id)).toEqual(
        [...ids].sort().reverse().slice(0, 2),
      );
      expect(body.data[0].content_sha256).toBe(sha256(''));
      expect(body.links).toEqual({
        first: `${API}/documents/${document.id}/revisions?per_page=2&page=1`,
        last: `${API}/documents/${document.id}/revisions?per_page=2&page=2`,
        prev: null,
        next: `${API}/documents/${document.id}/revisions?per_page=2&page=2`,
      });
      await t.http.get(`/api/v1/documents/${document.id}/revisions?per_page=0`).set(tenant.auth).expect(422);
    });

    it('takes 500,000 characters of content on this route, however escaped; 500,001 is 422', async () => {
      const document = await create();
      // Characters outside the BMP, each escaped as a \\uXXXX pair: 6,000,000 bytes of JSON.
      const content = '😀'.repeat(500_000);
      const body = JSON.stringify({ content, format: 'text' }).replace(/😀/g, '\\ud83d\\ude00');
      expect(Buffer.byteLength(body)).toBeGreaterThan(5_900_000);
      const { body: published } = await t.http
        .post(`/api/v1/documents/${document.id}/revisions`)
        .set(tenant.auth)
        .set('Content-Type', 'application/json')
        .send(body)
        .expect(201);
      const [row] = await t.db.query(
        `SELECT content_sha256, char_length(content) AS length FROM document_revisions WHERE id = $1`,
        [published.document_revision_id],
      );
      expect(row).toEqual({ content_sha256: sha256(content), length: 500_000 });

      const { body: refused } = await publish(document.id, { content: 'x'.repeat(500_001), format: 'text' }).expect(
        422,
      );
      expect(refused.errors).toEqual({ content: ['The content field must not be greater than 500000 characters.'] });
    });

    it('answers 413 over 6 MiB on this route, and every other route keeps 1 MiB', async () => {
      const document = await create();
      await publish(document.id, { content: 'x'.repeat(6 * 1024 * 1024), format: 'text' }).expect(413, {
        error: 'The request body is larger than 6 MiB.',
      });
      await t.http
        .patch(`/api/v1/documents/${document.id}`)
        .set(tenant.auth)
        .send({ name: 'x'.repeat(1024 * 1024 + 1) })
        .expect(413, { error: 'The request body is larger than 1 MiB.' });
      await t.http
        .post('/api/v1/people')
        .set(tenant.auth)
        .send({ last_name: 'x'.repeat(2 * 1024 * 1024) })
        .expect(413, { error: 'The request body is larger than 1 MiB.' });
    });

    it('answers the pipeline before the large body: 401 without a token, 404 for a foreign document', async () => {
      const big = { content: 'x'.repeat(2 * 1024 * 1024), format: 'text' };
      await t.http.post(`/api/v1/documents/${UNKNOWN}/revisions`).send(big).expect(401);
      await t.http
        .post(`/api/v1/documents/${UNKNOWN}/revisions`)
        .set(tenant.auth)
        .send({ content: 'x'.repeat(7 * 1024 * 1024) })
        .expect(404, { error: 'Not found.' });
    });

    it.each([
      [{ content: 'x' }, 'format', 'The format field is required.'],
      [{ content: 'x', format: 'html' }, 'format', 'The selected format is invalid.'],
      [{ content: 5, format: 'text' }, 'content', 'The content field must be a string.'],
      [{ content: null, format: 'text' }, 'content', 'The content field must be a string.'],
    ])('refuses %j with 422 on the field', async (body, field, message) => {
      const document = await create();
      const { body: answer } = await publish(document.id, body).expect(422);
      expect(answer).toEqual({ message, errors: { [field]: [message] } });
    });

    it('answers 404 for a foreign document, and lists nothing of it', async () => {
      const other = await createTenant(t.app);
      const foreign = (await t.http.post('/api/v1/documents').set(other.auth).send({ name: 'T' }).expect(201)).body;
      await publish(foreign.id, { format: 'text' }).expect(404, { error: 'Not found.' });
      await t.http.get(`/api/v1/documents/${foreign.id}/revisions`).set(tenant.auth).expect(404);
    });
  });

  it("answers 403 to a group manager of the document's own organization", async () => {
    const document = await create();
    const manager = await groupManagerOf(t.app, tenant);
    const calls = [
      t.http.get(`/api/v1/documents/${document.id}`),
      t.http.post('/api/v1/documents').send({ name: 'X' }),
      t.http.patch(`/api/v1/documents/${document.id}`).send({ name: 'X' }),
      t.http.post(`/api/v1/documents/${document.id}/archive`),
      t.http.post(`/api/v1/documents/${document.id}/restore`),
      t.http.post(`/api/v1/documents/${document.id}/revisions`).send({ format: 'text' }),
      t.http.get(`/api/v1/documents/${document.id}/revisions`),
    ];
    for (const call of calls) await call.set(manager).expect(403, { message: 'This action is unauthorized.' });
    await t.http.get(`/api/v1/documents/${document.id}`).set(tenant.auth).expect(200, document);
  });

  it('a group of documents is unaffected by archiving one of them', async () => {
    const document = await create();
    const group = await createGroup(t.app, tenant.organizationId, { documentIds: [document.id] });
    await t.http.post(`/api/v1/documents/${document.id}/archive`).set(tenant.auth).expect(200);
    const { body } = await t.http.get(`/api/v1/groups/${group.id}/documents`).set(tenant.auth).expect(200);
    expect(body.data.map((d: { id: string }) => d.id)).toEqual([document.id]);
  });
});
