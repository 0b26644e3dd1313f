import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { seedDemo } from '../../src/admin/seed-demo';
import { adminEnvironment, runAdmin, type Json } from '../support/admin-cli';
import { startTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/**
 * The admin CLI as its users run it: the compiled program (built by the Jest global setup) in a child process,
 * against a database of its own. Every answer is exactly one JSON object on stdout with exit 0; every failure is
 * one line on stderr, nothing on stdout, and exit 2 (usage) or 1 (refused).
 */
const ULID = /^[0-9a-hjkmnp-tv-z]{26}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UNKNOWN_ID = '01jzzzzzzzzzzzzzzzzzzzzzzz';

// Each command is a process booting the application (about a second); a test runs several, some in parallel.
jest.setTimeout(60_000);

describe('admin CLI', () => {
  let database: TestDatabase;
  let api: TestApp;
  let scratch: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    database = await createTestDatabase();
    api = await startTestApp({ database });
    scratch = mkdtempSync(join(tmpdir(), 'attest-admin-'));
    env = adminEnvironment(database.url, scratch);
  });

  afterAll(async () => {
    await api?.close();
    await database?.drop();
    rmSync(scratch, { recursive: true, force: true });
  });

  const run = (args: string[], overrides: NodeJS.ProcessEnv = {}) => runAdmin(args, { ...env, ...overrides });

  /** Runs a command that must succeed; returns its one JSON object. */
  async function ok(...args: string[]): Promise<Json> {
    const result = await run(args);
    if (result.code !== 0) throw new Error(`admin ${args.join(' ')} exited ${result.code}: ${result.stderr}`);
    const answer: unknown = JSON.parse(result.stdout);
    expect(answer).toEqual(expect.any(Object));
    expect(Array.isArray(answer)).toBe(false);
    return answer as Json;
  }

  /** Runs a command that must fail: nothing on stdout, one line on stderr, the given exit code. */
  async function fails(args: string[], code: 1 | 2, message: RegExp, overrides: NodeJS.ProcessEnv = {}): Promise<void> {
    const result = await run(args, overrides);
    expect({ code: result.code, stdout: result.stdout }).toEqual({ code, stdout: '' });
    expect(result.stderr.endsWith('\n')).toBe(true);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(message);
  }

  /**
   * A demo organization made in-process, exactly as `seed:demo` makes it and in the shape it prints: the setup of
   * the tests of other commands, which need not spend a CLI process on it (seed:demo has its own test below).
   */
  async function seeded(organizationName?: string): Promise<Json> {
    return JSON.parse(JSON.stringify(await seedDemo(api.app, { organizationName }))) as Json;
  }

  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  describe('usage', () => {
    it('--help lists every command of the operating contract', async () => {
      const result = await run(['--help']);
      expect(result.code).toBe(0);
      for (const command of [
        'org:create',
        'org:billing',
        'user:create',
        'user:join',
        'token:create',
        'token:list',
        'token:revoke',
        'document:create',
        'document:update',
        'document:publish',
        'document:archive',
        'document:restore',
        'group:create',
        'group:update',
        'group:delete',
        'group:add-document',
        'group:remove-document',
        'person:update',
        'person:archive',
        'person:restore',
        'request:cancel',
        'request:resend',
        'webhook:list',
        'webhook:deliveries',
        'counters:recount',
        'evidence-keys:rotate',
        'seed:demo',
      ]) {
        expect(result.stdout).toContain(`  ${command} `);
      }
    });

    it('<command> --help lists its kebab-case options', async () => {
      const result = await run(['document:create', '--help']);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('--org ID --name TEXT');
      expect(result.stdout).toContain('[--renewal-interval-days N]');
      expect(result.stdout).toContain('[--requires-signature true|false]');
    });

    it('refuses a missing or unknown command, an unknown, repeated or valueless option, a stray argument', async () => {
      await Promise.all([
        fails([], 2, /no command/),
        fails(['org:destroy'], 2, /unknown command "org:destroy"/),
        fails(['org:create', '--name', 'Acme', '--colour', 'red'], 2, /unknown option --colour/),
        fails(['org:create', '--name', 'Acme', '--name', 'Other'], 2, /--name is given twice/),
        fails(['org:create', '--name'], 2, /--name needs a value/),
        fails(['org:create', 'Acme'], 2, /unexpected argument "Acme"/),
      ]);
    });

    it('without DATABASE_URL and no embedded database, says so', async () => {
      await fails(['token:list', '--org', UNKNOWN_ID], 1, /no embedded database under .*set DATABASE_URL/, {
        DATABASE_URL: '',
      });
    });
  });

  it('with an unreachable database, fails at once rather than retrying for half a minute', async () => {
    const started = Date.now();
    await fails(['token:list', '--org', UNKNOWN_ID], 1, /ECONNREFUSED/, {
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere',
    });
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  describe('organizations', () => {
    it('org:create: a trial ending in 14 days by default', async () => {
      const before = Date.now();
      const organization = await ok('org:create', '--name', 'Acme Trial');
      expect(organization).toEqual({
        id: expect.stringMatching(ULID),
        name: 'Acme Trial',
        billing: 'trial',
        trial_ends_at: expect.stringMatching(ISO),
        created_at: expect.stringMatching(ISO),
        updated_at: expect.stringMatching(ISO),
      });
      const trialDays = (Date.parse(organization.trial_ends_at) - before) / 86_400_000;
      expect(trialDays).toBeGreaterThan(13.99);
      expect(trialDays).toBeLessThan(14.01);
    });

    it('org:create with --billing and --trial-ends-at', async () => {
      expect(await ok('org:create', '--name', 'Acme Paid', '--billing', 'active')).toMatchObject({
        billing: 'active',
        trial_ends_at: null,
      });
      expect(
        await ok('org:create', '--name=Acme Custom', '--trial-ends-at', '2031-03-01T12:00:00+02:00'),
      ).toMatchObject({
        name: 'Acme Custom',
        billing: 'trial',
        trial_ends_at: '2031-03-01T10:00:00.000Z',
      });
    });

    it('org:create refuses a missing name, a bad billing status and a bad date', async () => {
      await Promise.all([
        fails(['org:create'], 2, /--name is required/),
        fails(
          ['org:create', '--name', 'X', '--billing', 'free'],
          2,
          /--billing must be one of trial, active, inactive/,
        ),
        fails(
          ['org:create', '--name', 'X', '--trial-ends-at', 'tomorrow'],
          2,
          /--trial-ends-at must be an ISO 8601 date/,
        ),
        fails(
          ['org:create', '--name', 'X', '--trial-ends-at', '2031-02-30'],
          2,
          /--trial-ends-at must be an ISO 8601 date/,
        ),
        fails(['org:create', '--name', 'X', '--trial-ends-at', '2031-02-01T10:00'], 2, /ISO 8601/),
      ]);
    });

    it('org:billing takes effect on the next API request', async () => {
      const seed = await seeded('Billing Check');
      const auth = bearer(seed.token.token);
      await api.http.get('/api/v1/me').set(auth).expect(200);

      const inactive = await ok('org:billing', '--org', seed.organization.id.toUpperCase(), '--billing', 'inactive');
      expect(inactive).toMatchObject({ id: seed.organization.id, billing: 'inactive' });
      await api.http.get('/api/v1/me').set(auth).expect(402);

      expect(await ok('org:billing', '--org', seed.organization.id, '--billing', 'active')).toMatchObject({
        billing: 'active',
      });
      await api.http.get('/api/v1/me').set(auth).expect(200);
    });

    it('org:billing refuses an unknown organization, a malformed id and a missing status', async () => {
      await Promise.all([
        fails(['org:billing', '--org', UNKNOWN_ID, '--billing', 'active'], 1, /^admin: Organization not found\.$/m),
        fails(['org:billing', '--org', 'acme', '--billing', 'active'], 2, /--org must be a ULID/),
        fails(['org:billing', '--org', UNKNOWN_ID], 2, /--billing is required/),
      ]);
    });
  });

  describe('users and tokens', () => {
    let organizationId: string;

    beforeAll(async () => {
      organizationId = (await ok('org:create', '--name', 'Users Inc', '--billing', 'active')).id;
    });

    it('user:create, token:create, and the token works on GET /me', async () => {
      const email = `grace.${randomBytes(3).toString('hex')}@example.test`;
      const user = await ok(
        'user:create',
        '--org',
        organizationId,
        '--name',
        'Grace Hopper',
        '--email',
        email,
        '--role',
        'administrator',
      );
      expect(user).toEqual({
        id: expect.stringMatching(ULID),
        name: 'Grace Hopper',
        email,
        organization_id: organizationId,
        role: 'administrator',
        created_at: expect.stringMatching(ISO),
      });

      const token = await ok(
        'token:create',
        '--user',
        user.id,
        '--org',
        organizationId,
        '--name',
        'CI',
        '--expires-at',
        '2099-01-01',
      );
      expect(token).toEqual({
        id: expect.stringMatching(ULID),
        name: 'CI',
        token: expect.stringMatching(/^atst_[A-Za-z0-9_-]{40,}$/),
        user_id: user.id,
        organization_id: organizationId,
        expires_at: '2099-01-01T00:00:00.000Z',
        created_at: expect.stringMatching(ISO),
      });
      const me = await api.http.get('/api/v1/me').set(bearer(token.token)).expect(200);
      expect(me.body).toMatchObject({ id: user.id, email, current_organization_name: 'Users Inc' });
    });

    it('user:create refuses a bad email, a bad role, an unknown organization and a taken email', async () => {
      const email = `taken.${randomBytes(3).toString('hex')}@example.test`;
      await ok('user:create', '--org', organizationId, '--name', 'First', '--email', email, '--role', 'owner');
      await Promise.all([
        fails(
          ['user:create', '--org', organizationId, '--name', 'N', '--email', 'not-an-email', '--role', 'owner'],
          2,
          /--email must be an email address/,
        ),
        fails(
          ['user:create', '--org', organizationId, '--name', 'N', '--email', 'n@example.test', '--role', 'admin'],
          2,
          /--role must be one of owner, administrator, group_manager/,
        ),
        fails(
          ['user:create', '--org', UNKNOWN_ID, '--name', 'N', '--email', 'n@example.test', '--role', 'owner'],
          1,
          /Organization not found/,
        ),
        fails(
          ['user:create', '--org', organizationId, '--name', 'N', '--email', email.toUpperCase(), '--role', 'owner'],
          1,
          /already exists/,
        ),
        fails(
          ['user:create', '--org', organizationId, '--name', 'N', '--email', 'n@example.test'],
          2,
          /--role is required/,
        ),
      ]);
    });

    it("user:join adds a user to another organization; the role is live on the user's token there", async () => {
      const email = `joiner.${randomBytes(3).toString('hex')}@example.test`;
      const user = await ok(
        'user:create',
        '--org',
        organizationId,
        '--name',
        'Joiner',
        '--email',
        email,
        '--role',
        'owner',
      );
      const other = await ok('org:create', '--name', 'Other Inc', '--billing', 'active');

      const membership = await ok('user:join', '--user', user.id, '--org', other.id, '--role', 'group_manager');
      expect(membership).toEqual({
        user_id: user.id,
        organization_id: other.id,
        role: 'group_manager',
        created_at: expect.stringMatching(ISO),
        updated_at: expect.stringMatching(ISO),
      });
      const token = await ok('token:create', '--user', user.id, '--org', other.id);
      expect(token.name).toBe('API token');
      await api.http.get('/api/v1/people').set(bearer(token.token)).expect(403);

      await ok('user:join', '--user', user.id, '--org', other.id, '--role', 'administrator');
      await api.http.get('/api/v1/people').set(bearer(token.token)).expect(200);
    });

    it('user:join and token:create refuse unknown users and non-members', async () => {
      const stranger = await ok('org:create', '--name', 'Stranger Inc');
      const email = `member.${randomBytes(3).toString('hex')}@example.test`;
      const user = await ok(
        'user:create',
        '--org',
        organizationId,
        '--name',
        'Member',
        '--email',
        email,
        '--role',
        'owner',
      );
      await Promise.all([
        fails(['user:join', '--user', UNKNOWN_ID, '--org', organizationId, '--role', 'owner'], 1, /User not found/),
        fails(['token:create', '--user', user.id, '--org', stranger.id], 1, /not a member/),
        fails(
          ['token:create', '--user', user.id, '--org', organizationId, '--expires-at', '2001-01-01'],
          1,
          /expiry must be in the future/,
        ),
      ]);
    });

    it('token:list shows every token without its secret; token:revoke makes the next request 401', async () => {
      const seed = await seeded('Token Check');
      const second = await ok(
        'token:create',
        '--user',
        seed.user.id,
        '--org',
        seed.organization.id,
        '--name',
        'second',
      );
      await api.http.get('/api/v1/me').set(bearer(second.token)).expect(200);

      const listed = await ok('token:list', '--org', seed.organization.id);
      expect(Object.keys(listed)).toEqual(['data']);
      expect(listed.data).toHaveLength(2);
      expect(listed.data).toEqual(
        expect.arrayContaining([
          {
            id: second.id,
            name: 'second',
            user_id: seed.user.id,
            organization_id: seed.organization.id,
            created_at: second.created_at,
            last_used_at: expect.stringMatching(ISO),
            expires_at: null,
            revoked_at: null,
          },
        ]),
      );
      expect(JSON.stringify(listed)).not.toContain('atst_');

      const revoked = await ok('token:revoke', '--token-id', second.id);
      expect(revoked).toMatchObject({ id: second.id, name: 'second', revoked_at: expect.stringMatching(ISO) });
      await api.http.get('/api/v1/me').set(bearer(second.token)).expect(401);
      await api.http.get('/api/v1/me').set(bearer(seed.token.token)).expect(200);
    });

    it('token:list and token:revoke refuse unknown ids', async () => {
      await Promise.all([
        fails(['token:list', '--org', UNKNOWN_ID], 1, /Organization not found/),
        fails(['token:revoke', '--token-id', UNKNOWN_ID], 1, /Token not found/),
        fails(['token:revoke', '--token', UNKNOWN_ID], 2, /unknown option --token /),
      ]);
    });
  });

  describe('documents and groups', () => {
    let seed: Json;

    beforeAll(async () => {
      seed = await seeded('Documents Inc');
    });

    it('document:create with every option answers the Document as the API shows it', async () => {
      const document = await ok(
        'document:create',
        '--org',
        seed.organization.id,
        '--name',
        'Travel Policy',
        '--requires-signature',
        'false',
        '--renewal-interval-days',
        '30',
        '--auto-renew',
        'true',
        '--attestation-type',
        'acknowledgment',
      );
      expect(document).toMatchObject({
        id: expect.stringMatching(ULID),
        organization_id: seed.organization.id,
        name: 'Travel Policy',
        default_attestation_type: 'acknowledgment',
        requires_signature: false,
        renewal_interval_days: 30,
        auto_renew: true,
        archived_at: null,
        has_published_revision: false,
        last_updated_at: null,
      });
      const listed = await api.http
        .get('/api/v1/documents')
        .query({ per_page: 100 })
        .set(bearer(seed.token.token))
        .expect(200);
      expect(listed.body.data).toContainEqual(document);
    });

    it('document:create refuses bad booleans, integers and choices', async () => {
      const org = seed.organization.id;
      await Promise.all([
        fails(
          ['document:create', '--org', org, '--name', 'X', '--requires-signature', 'yes'],
          2,
          /--requires-signature must be true or false/,
        ),
        fails(
          ['document:create', '--org', org, '--name', 'X', '--renewal-interval-days', 'ten'],
          2,
          /--renewal-interval-days must be a whole number/,
        ),
        fails(
          ['document:create', '--org', org, '--name', 'X', '--renewal-interval-days', '-3'],
          2,
          /--renewal-interval-days must be a whole number/,
        ),
        fails(
          ['document:create', '--org', org, '--name', 'X', '--attestation-type', 'stamp'],
          2,
          /--attestation-type must be one of/,
        ),
        fails(
          ['document:create', '--org', org, '--name', 'X', '--renewal-interval-days', '0'],
          1,
          /renewal interval days field must be at least 1/,
        ),
      ]);
    });

    it('document:publish publishes a new revision from a file; document:archive archives', async () => {
      const created = await ok('document:create', '--org', seed.organization.id, '--name', 'Remote Work');
      const file = join(scratch, 'remote-work.md');
      writeFileSync(file, '# Remote work\n\nWork from anywhere.\n');

      const published = await ok('document:publish', '--document', created.id.toUpperCase(), '--content-file', file);
      expect(published).toEqual({
        document_revision_id: expect.stringMatching(ULID),
        document_id: created.id,
        published_at: expect.stringMatching(ISO),
      });
      const revision = await api.db.query(`SELECT content, content_type FROM document_revisions WHERE id = $1`, [
        published.document_revision_id,
      ]);
      expect(revision).toEqual([{ content: '# Remote work\n\nWork from anywhere.\n', content_type: 'text/markdown' }]);

      const republished = await ok('document:publish', '--document', created.id);
      expect(republished.document_revision_id).not.toBe(published.document_revision_id);

      const archived = await ok('document:archive', '--document', created.id);
      expect(archived).toMatchObject({
        id: created.id,
        archived_at: expect.stringMatching(ISO),
        has_published_revision: true,
        last_updated_at: republished.published_at,
      });
    });

    it('document:publish and document:archive refuse unknown documents and unreadable files', async () => {
      await Promise.all([
        fails(['document:publish', '--document', UNKNOWN_ID], 1, /Document not found/),
        fails(
          ['document:publish', '--document', seed.documents[0].id, '--content-file', join(scratch, 'missing.md')],
          2,
          /cannot read --content-file .*ENOENT/,
        ),
        fails(['document:archive', '--document', UNKNOWN_ID], 1, /Document not found/),
      ]);
    });

    it('group:create answers the Group plus auto_issue_requests; group:add-document links a document', async () => {
      const group = await ok(
        'group:create',
        '--org',
        seed.organization.id,
        '--name',
        'Night shift',
        '--auto-issue',
        'true',
      );
      expect(group).toEqual({
        id: expect.stringMatching(ULID),
        organization_id: seed.organization.id,
        name: 'Night shift',
        auto_issue_requests: true,
        created_at: expect.stringMatching(ISO),
        updated_at: expect.stringMatching(ISO),
      });
      expect(await ok('group:create', '--org', seed.organization.id, '--name', 'Day shift')).toMatchObject({
        auto_issue_requests: false,
      });

      const added = await ok('group:add-document', '--group', group.id, '--document', seed.documents[1].id);
      expect(added).toEqual({ group_id: group.id, document_id: seed.documents[1].id });
      const rows = await api.db.query(`SELECT document_id FROM group_documents WHERE group_id = $1`, [group.id]);
      expect(rows).toEqual([{ document_id: seed.documents[1].id }]);
    });

    it("group:add-document refuses another organization's document and an unknown group", async () => {
      const other = await seeded('Elsewhere');
      const group = seed.groups[0].id;
      await Promise.all([
        fails(
          ['group:add-document', '--group', group, '--document', other.documents[0].id],
          1,
          /^admin: The selected document ids\.0 is invalid\.$/m,
        ),
        fails(['group:add-document', '--group', UNKNOWN_ID, '--document', seed.documents[0].id], 1, /Group not found/),
        fails(
          ['group:create', '--org', seed.organization.id, '--name', 'X', '--auto-issue', 'maybe'],
          2,
          /--auto-issue must be true or false/,
        ),
      ]);
    });
  });

  describe('people and requests', () => {
    it('person:archive archives a person, who then shows only with archived=true', async () => {
      const seed = await seeded('People Inc');
      const personId: string = seed.people[0].id;
      const person = await ok('person:archive', '--person', personId);
      expect(person).toMatchObject({
        id: personId,
        organization_id: seed.organization.id,
        archived_at: expect.stringMatching(ISO),
      });

      const auth = bearer(seed.token.token);
      const active = await api.http.get('/api/v1/people').query({ id: personId }).set(auth).expect(200);
      expect(active.body.data).toEqual([]);
      const archived = await api.http
        .get('/api/v1/people')
        .query({ id: personId, archived: 'true' })
        .set(auth)
        .expect(200);
      expect(archived.body.data).toEqual([person]);
    });

    it('counters:recount finds a damaged total, changes nothing without --repair, repairs it with --repair true', async () => {
      // Four CLI processes, each booting the application.
      const seed = await seeded('Counters Inc');
      const organizationId: string = seed.organization.id;
      expect(await ok('counters:recount', '--org', organizationId)).toMatchObject({
        consistent: true,
        list_totals_checked: expect.any(Number),
        // seed:demo makes two groups.
        group_member_totals_checked: 2,
        documents_checked: 3,
        discrepancies: [],
        repaired_rows: 0,
      });
      await api.db.query(
        `UPDATE list_totals SET total = total + 3
         WHERE (organization_id, list, slot) = (SELECT organization_id, list, slot FROM list_totals
                                                WHERE organization_id = $1 AND list = 'people_active' LIMIT 1)`,
        [organizationId],
      );
      const auth = bearer(seed.token.token);
      expect((await api.http.get('/api/v1/people').set(auth).expect(200)).body.meta.total).toBe(13);

      const checked = await ok('counters:recount', '--org', organizationId);
      expect(checked).toMatchObject({
        consistent: false,
        discrepancies: [
          { kind: 'list_total', organization_id: organizationId, list: 'people_active', maintained: 13, recounted: 10 },
        ],
      });
      expect((await api.http.get('/api/v1/people').set(auth).expect(200)).body.meta.total).toBe(13);

      const repaired = await ok('counters:recount', '--org', organizationId, '--repair', 'true');
      expect(repaired).toMatchObject({ consistent: true, discrepancies_after_repair: [] });
      expect(repaired.repaired_rows).toBeGreaterThan(0);
      expect((await api.http.get('/api/v1/people').set(auth).expect(200)).body.meta.total).toBe(10);
      await fails(['counters:recount', '--repair', 'yes'], 2, /true|false/);
    }, 180_000);

    it('counters:recount waits past the service’s 5 s statement bound, and DATABASE_STATEMENT_TIMEOUT_MS still decides', async () => {
      // A recount of a large organization runs for longer than any request may (9 s at 1,000,000 people). A lock on
      // a table it reads stands in for that: the wait counts toward statement_timeout like work does.
      const holder = new Client({ connectionString: database.url });
      await holder.connect();
      try {
        await holder.query('BEGIN');
        await holder.query('LOCK TABLE list_totals IN ACCESS EXCLUSIVE MODE');
        const bounded = await run(['counters:recount'], { DATABASE_STATEMENT_TIMEOUT_MS: '1000' });
        expect(bounded.code).toBe(1);
        expect(bounded.stderr).toMatch(/statement timeout/);

        const started = Date.now();
        // Unset, as an operator runs it (the test's environment might carry one).
        const waiting = run(['counters:recount'], { DATABASE_STATEMENT_TIMEOUT_MS: '' });
        // Released well after the service's own bound (5 s) has passed for the recount's first statement.
        await new Promise((resolve) => setTimeout(resolve, 8_000));
        await holder.query('COMMIT');
        const result = await waiting;
        expect(result.stderr).toBe('');
        expect(result.code).toBe(0);
        expect(JSON.parse(result.stdout)).toMatchObject({ consistent: expect.any(Boolean) });
        expect(Date.now() - started).toBeGreaterThanOrEqual(8_000);
      } finally {
        await holder.query('ROLLBACK').catch(() => undefined);
        await holder.end();
      }
    }, 60_000);

    it('person:archive refuses an unknown person', async () => {
      await fails(['person:archive', '--person', UNKNOWN_ID], 1, /Person not found/);
    });

    it('request:cancel cancels an open request, answers a canceled one unchanged, refuses an attested or unknown one', async () => {
      const seed = await seeded('Requests Inc');
      const created = await api.http
        .post('/api/v1/attestation-requests')
        .set(bearer(seed.token.token))
        .send({ person_id: seed.people[1].id, document_id: seed.documents[0].id })
        .expect(201);
      const requestId: string = created.body.id;

      const canceled = await ok('request:cancel', '--request', requestId);
      expect(canceled).toMatchObject({ id: requestId, status: 'canceled', canceled_at: expect.stringMatching(ISO) });
      expect(await ok('request:cancel', '--request', requestId)).toEqual(canceled);
      await api.db.query(`UPDATE attestation_requests SET status = 'attested' WHERE id = $1`, [requestId]);
      await Promise.all([
        fails(['request:cancel', '--request', requestId], 1, /^admin: The attestation request is attested\.$/m),
        fails(['request:cancel', '--request', UNKNOWN_ID], 1, /not found/),
      ]);
    });

    it('request:resend writes the email of an open request again and relays it; refuses a final or unknown one', async () => {
      const seed = await seeded('Resends Inc');
      const created = await api.http
        .post('/api/v1/attestation-requests')
        .set(bearer(seed.token.token))
        .send({ person_id: seed.people[2].id, document_id: seed.documents[0].id, recipient_message: 'Again' })
        .expect(201);
      const requestId: string = created.body.id;
      await api.db.query(`UPDATE attestation_requests SET status = 'bounced' WHERE id = $1`, [requestId]);

      const resent = await ok('request:resend', '--request', requestId.toUpperCase());
      // The status moves back to sent only once the worker has delivered the email.
      expect(resent).toMatchObject({ id: requestId, status: 'bounced', recipient_message: 'Again' });
      const emails: { kind: string; status: string; relayed_at: Date | null }[] = await api.db.query(
        `SELECT kind, status, relayed_at FROM notifications WHERE $1 = ANY(attestation_request_ids) ORDER BY id`,
        [requestId],
      );
      expect(emails).toHaveLength(2);
      expect(emails[1]).toMatchObject({ kind: 'request_sent', status: 'pending', relayed_at: expect.any(Date) });

      await ok('request:cancel', '--request', requestId);
      await Promise.all([
        fails(['request:resend', '--request', requestId], 1, /canceled cannot be sent again/),
        fails(['request:resend', '--request', UNKNOWN_ID], 1, /not found/),
        fails(['request:resend'], 2, /--request/),
      ]);
    });
  });

  describe('seed:demo', () => {
    it('creates an active organization with an owner token, ten people, three published documents and two groups', async () => {
      const seed = await ok('seed:demo');
      expect(seed.organization).toMatchObject({ name: 'Demo Organization', billing: 'active' });
      expect(seed.user).toMatchObject({ organization_id: seed.organization.id, role: 'owner' });
      expect(seed.token).toMatchObject({
        token: expect.stringMatching(/^atst_/),
        organization_id: seed.organization.id,
      });
      expect(seed.people).toHaveLength(10);
      expect(seed.groups.map((group: Json) => group.auto_issue_requests).sort()).toEqual([false, true]);

      const auth = bearer(seed.token.token);
      const documents = await api.http.get('/api/v1/documents').set(auth).expect(200);
      expect(documents.body.data).toHaveLength(3);
      for (const document of documents.body.data) expect(document.has_published_revision).toBe(true);
      const people = await api.http.get('/api/v1/people').set(auth).expect(200);
      expect(people.body.meta.total).toBe(10);
      const groups = await api.http.get('/api/v1/groups').set(auth).expect(200);
      expect(groups.body.data.map((group: Json) => group.id).sort()).toEqual(
        seed.groups.map((group: Json) => group.id).sort(),
      );
    });
  });

  describe('webhooks', () => {
    it("webhook:list shows an organization's endpoints without secrets; webhook:deliveries an endpoint's attempts", async () => {
      const seed = await seeded();
      const auth = bearer(seed.token.token);
      const created = await api.http
        .post('/api/v1/webhook-endpoints')
        .set(auth)
        .send({ url: 'https://93.184.215.14/hooks', events: ['attestation_request.attested'] })
        .expect(201);
      const test = await api.http.post(`/api/v1/webhook-endpoints/${created.body.id}/test`).set(auth).expect(202);

      const listed = await ok('webhook:list', '--org', seed.organization.id);
      expect(listed.data).toEqual([
        {
          id: created.body.id,
          organization_id: seed.organization.id,
          url: 'https://93.184.215.14/hooks',
          events: ['attestation_request.attested'],
          description: null,
          enabled: true,
          failing_since: null,
          created_at: expect.stringMatching(ISO),
          updated_at: expect.stringMatching(ISO),
        },
      ]);
      expect(JSON.stringify(listed)).not.toContain(created.body.secret.slice(6));

      const log = await ok('webhook:deliveries', '--endpoint', created.body.id, '--limit', '5');
      expect(log.total).toBe(1);
      expect(log.data[0]).toMatchObject({ event_id: test.body.event_id, event_type: 'webhook.test', attempt: 1 });
      await Promise.all([
        fails(['webhook:deliveries', '--endpoint', UNKNOWN_ID], 1, /Not found/),
        fails(['webhook:deliveries', '--endpoint', created.body.id, '--limit', '0'], 2, /--limit/),
        fails(['webhook:list'], 2, /--org/),
      ]);
    });
  });
});
