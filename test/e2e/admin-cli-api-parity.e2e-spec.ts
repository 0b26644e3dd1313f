import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminAnswer, adminEnvironment, runAdmin, type Json } from '../support/admin-cli';
import { createTenant, Tenant } from '../support/fixtures';
import { startTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/**
 * One behaviour, one implementation: each admin command that does what an API operation does gives the same
 * result. The command runs on one resource, the operation on its twin; both answers are compared with their own
 * ids and times blanked, and the command's answer is also what the API shows of its resource afterwards.
 */

// Each command boots the application in a process of its own: seconds each on a loaded machine.
jest.setTimeout(300_000);

describe('admin CLI and API give the same result for the same operation', () => {
  let database: TestDatabase;
  let t: TestApp;
  let tenant: Tenant;
  let scratch: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    database = await createTestDatabase();
    t = await startTestApp({ database, env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    tenant = await createTenant(t.app);
    scratch = mkdtempSync(join(tmpdir(), 'attest-parity-'));
    env = adminEnvironment(database.url, scratch);
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
    rmSync(scratch, { recursive: true, force: true });
  });

  const cli = (...args: string[]) => runAdmin(args, env);
  const ok = (...args: string[]) => adminAnswer(args, env);

  const api = () => t.http;
  const auth = () => tenant.auth;
  /** The answer without what differs between twins: ids, emails, times. */
  const shape = (body: Json, ...alsoBlank: string[]): Json =>
    Object.fromEntries(
      Object.entries(body).map(([key, value]) => [
        key,
        key === 'id' || key.endsWith('_at') || key.endsWith('_id') || alsoBlank.includes(key) ? typeof value : value,
      ]),
    );

  it('people: person:update, person:archive, person:restore', async () => {
    const twin = async (n: number) =>
      (
        await api()
          .post('/api/v1/people')
          .set(auth())
          .send({ first_name: 'Ada', last_name: 'Lovelace', email: `twin${n}.${Date.now()}@example.test` })
          .expect(201)
      ).body;
    const [viaCli, viaApi] = [await twin(1), await twin(2)];

    const updated = await ok(
      'person:update',
      '--person',
      viaCli.id,
      '--last-name',
      'Byron',
      '--phone',
      '+1 415 555 2671',
      '--first-name=',
    );
    const patched = (
      await api()
        .patch(`/api/v1/people/${viaApi.id}`)
        .set(auth())
        .send({ last_name: 'Byron', phone: '+1 415 555 2671', first_name: '' })
        .expect(200)
    ).body;
    expect(shape(updated, 'email')).toEqual(shape(patched, 'email'));
    expect(updated).toMatchObject({ first_name: null, name: 'Byron', phone: '+14155552671' });
    await api().get(`/api/v1/people/${viaCli.id}`).set(auth()).expect(200, updated);

    // The same refusal, in the same words: a taken email.
    const refused = await cli('person:update', '--person', viaCli.id, '--email', viaApi.email.toUpperCase());
    expect({ code: refused.code, stderr: refused.stderr.trim() }).toEqual({
      code: 1,
      stderr: 'admin: The email has already been taken.',
    });
    const { body: refusedApi } = await api()
      .patch(`/api/v1/people/${viaApi.id}`)
      .set(auth())
      .send({ email: viaCli.email.toUpperCase() })
      .expect(422);
    expect(refusedApi.message).toBe('The email has already been taken.');

    for (const act of ['archive', 'restore']) {
      const fromCli = await ok(`person:${act}`, '--person', viaCli.id);
      const fromApi = (await api().post(`/api/v1/people/${viaApi.id}/${act}`).set(auth()).expect(200)).body;
      expect(shape(fromCli, 'email')).toEqual(shape(fromApi, 'email'));
      expect(fromCli.archived_at === null).toBe(act === 'restore');
      await api().get(`/api/v1/people/${viaCli.id}`).set(auth()).expect(200, fromCli);
    }
  });

  it('documents: document:create, document:update, document:publish, document:archive, document:restore', async () => {
    const created = await ok(
      'document:create',
      '--org',
      tenant.organizationId,
      '--name',
      'Handbook',
      '--requires-signature',
      'false',
      '--renewal-interval-days',
      '365',
      '--auto-renew',
      'true',
    );
    const posted = (
      await api()
        .post('/api/v1/documents')
        .set(auth())
        .send({ name: 'Handbook', requires_signature: false, renewal_interval_days: 365, auto_renew: true })
        .expect(201)
    ).body;
    expect(shape(created)).toEqual(shape(posted));
    await api().get(`/api/v1/documents/${created.id}`).set(auth()).expect(200, created);

    const updated = await ok(
      'document:update',
      '--document',
      created.id,
      '--name',
      'Staff handbook',
      '--renewal-interval-days=',
    );
    const patched = (
      await api()
        .patch(`/api/v1/documents/${posted.id}`)
        .set(auth())
        .send({ name: 'Staff handbook', renewal_interval_days: null })
        .expect(200)
    ).body;
    expect(shape(updated)).toEqual(shape(patched));
    expect(updated).toMatchObject({ name: 'Staff handbook', renewal_interval_days: null });

    const tooLong = await cli('document:update', '--document', created.id, '--renewal-interval-days', '3651');
    expect(tooLong.stderr.trim()).toBe('admin: The renewal interval days field must not be greater than 3650.');
    await api()
      .patch(`/api/v1/documents/${posted.id}`)
      .set(auth())
      .send({ renewal_interval_days: 3651 })
      .expect(422, {
        message: 'The renewal interval days field must not be greater than 3650.',
        errors: { renewal_interval_days: ['The renewal interval days field must not be greater than 3650.'] },
      });

    const file = join(scratch, 'policy.txt');
    writeFileSync(file, 'Be kind.\n');
    const published = await ok(
      'document:publish',
      '--document',
      created.id,
      '--content-file',
      file,
      '--format',
      'markdown',
    );
    const publishedApi = (
      await api()
        .post(`/api/v1/documents/${posted.id}/revisions`)
        .set(auth())
        .send({ content: 'Be kind.\n', format: 'markdown' })
        .expect(201)
    ).body;
    expect(shape(published)).toEqual(shape(publishedApi));
    const revisions = async (id: string) =>
      (await api().get(`/api/v1/documents/${id}/revisions`).set(auth()).expect(200)).body.data;
    const [fromCli] = await revisions(created.id);
    const [fromApi] = await revisions(posted.id);
    expect(fromCli).toEqual({
      document_revision_id: published.document_revision_id,
      published_at: published.published_at,
      content_sha256: fromApi.content_sha256,
    });
    const stored = await t.db.query(
      `SELECT content_type, content_sha256 FROM document_revisions WHERE id = ANY($1) ORDER BY document_id = $2`,
      [[published.document_revision_id, publishedApi.document_revision_id], created.id],
    );
    expect(stored[0]).toEqual(stored[1]);

    for (const act of ['archive', 'restore']) {
      const viaCli = await ok(`document:${act}`, '--document', created.id);
      const viaApi = (await api().post(`/api/v1/documents/${posted.id}/${act}`).set(auth()).expect(200)).body;
      expect(shape(viaCli)).toEqual(shape(viaApi));
      await api().get(`/api/v1/documents/${created.id}`).set(auth()).expect(200, viaCli);
    }
  });

  it('groups: group:create, group:update, group:add-document, group:remove-document, group:delete', async () => {
    const created = await ok('group:create', '--org', tenant.organizationId, '--name', 'Night shift');
    const posted = (await api().post('/api/v1/groups').set(auth()).send({ name: 'Night shift' }).expect(201)).body;
    expect(shape(created)).toEqual(shape(posted));
    await api().get(`/api/v1/groups/${created.id}`).set(auth()).expect(200, created);

    const updated = await ok('group:update', '--group', created.id, '--name', 'Day shift', '--auto-issue', 'true');
    const patched = (
      await api()
        .patch(`/api/v1/groups/${posted.id}`)
        .set(auth())
        .send({ name: 'Day shift', auto_issue_requests: true })
        .expect(200)
    ).body;
    expect(shape(updated)).toEqual(shape(patched));

    const document = (await api().post('/api/v1/documents').set(auth()).send({ name: 'Shared' }).expect(201)).body;
    const added = await ok('group:add-document', '--group', created.id, '--document', document.id);
    const addedApi = (
      await api()
        .post(`/api/v1/groups/${posted.id}/documents`)
        .set(auth())
        .send({ document_ids: [document.id] })
        .expect(200)
    ).body;
    expect(added).toEqual({ group_id: created.id, document_id: document.id });
    expect(addedApi).toEqual({ data: [{ group_id: posted.id, document_id: document.id }] });
    const listed = async (id: string) =>
      (await api().get(`/api/v1/groups/${id}/documents`).set(auth()).expect(200)).body.data;
    expect(await listed(created.id)).toEqual(await listed(posted.id));

    await api().post(`/api/v1/documents/${document.id}/archive`).set(auth()).expect(200);
    const second = (await api().post('/api/v1/documents').set(auth()).send({ name: 'Archived' }).expect(201)).body;
    await api().post(`/api/v1/documents/${second.id}/archive`).set(auth()).expect(200);
    const refused = await cli('group:add-document', '--group', created.id, '--document', second.id);
    expect(refused.stderr.trim()).toBe('admin: The selected document ids.0 is invalid.');
    const { body: refusedApi } = await api()
      .post(`/api/v1/groups/${posted.id}/documents`)
      .set(auth())
      .send({ document_ids: [second.id] })
      .expect(422);
    expect(refusedApi.errors).toEqual({ 'document_ids.0': ['The selected document ids.0 is invalid.'] });

    expect(await ok('group:remove-document', '--group', created.id, '--document', document.id)).toEqual({
      group_id: created.id,
      document_id: document.id,
      removed: true,
    });
    await api().delete(`/api/v1/groups/${posted.id}/documents/${document.id}`).set(auth()).expect(204);
    expect(await listed(created.id)).toEqual([]);
    const again = await cli('group:remove-document', '--group', created.id, '--document', document.id);
    expect(again.stderr.trim()).toBe('admin: The document is not in this group.');

    expect(await ok('group:delete', '--group', created.id)).toEqual({ group_id: created.id, deleted: true });
    await api().delete(`/api/v1/groups/${posted.id}`).set(auth()).expect(204);
    await api().get(`/api/v1/groups/${created.id}`).set(auth()).expect(404, { error: 'Group not found.' });
    const gone = await cli('group:delete', '--group', created.id);
    expect({ code: gone.code, stderr: gone.stderr.trim() }).toEqual({ code: 1, stderr: 'admin: Group not found.' });
  });

  it('--help describes every new command', async () => {
    for (const [command, option] of [
      ['person:update', '--first-name TEXT|""'],
      ['person:restore', '--person ID'],
      ['document:update', '--renewal-interval-days N|""'],
      ['document:restore', '--document ID'],
      ['document:publish', '--format markdown|text'],
      ['group:update', '--auto-issue true|false'],
      ['group:delete', '--group ID'],
      ['group:remove-document', '--document ID'],
    ]) {
      const help = await cli(command, '--help');
      expect(help.code).toBe(0);
      expect(help.stdout).toContain(option);
    }
  });
});
