import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { createTenant, Tenant } from '../support/fixtures';
import { startTestApp, TestApp } from '../support/test-app';

const run = promisify(execFile);
const ROOT = join(__dirname, '..', '..');

/** A client program written only against the generated types: it must type-check and work against the service. */
const CLIENT = `
import type { components, operations } from './api';

type Person = components['schemas']['Person'];
type NewPerson = operations['createPerson']['requestBody']['content']['application/json'];
type PeopleAnswer = operations['listPeople']['responses'][200]['content']['application/json'];
type PeopleQuery = NonNullable<operations['listPeople']['parameters']['query']>;
type Me = operations['showMe']['responses'][200]['content']['application/json'];
type Invalid = operations['createPerson']['responses'][422]['content']['application/json'];
type NotFound = operations['showPerson']['responses'][404]['content']['application/json'];

const base = process.env.API_BASE_URL as string;
const token = process.env.API_TOKEN as string;

async function send<T>(path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(base + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: 'Bearer ' + token, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

async function main(): Promise<void> {
  const me = await send<Me>('/me');
  const draft: NewPerson = { last_name: 'Hopper', first_name: null, email: 'grace@example.test', phone: '+1 415 555 2671' };
  const created = await send<Person>('/people', draft);
  const firstName: string | null = created.body.first_name;
  const shown = await send<Person>('/people/' + created.body.id);
  const query: PeopleQuery = { per_page: 1, archived: 'false' };
  const listed = await send<PeopleAnswer>('/people?per_page=' + query.per_page + '&archived=' + query.archived);
  const total = 'meta' in listed.body ? listed.body.meta.total : listed.body.data.length;
  const invalid = await send<Invalid>('/people', {});
  const missing = await send<NotFound>('/people/01jd7x5m3q4r8s9t0v1w2x3y4z');
  process.stdout.write(
    JSON.stringify({
      organization: me.body.current_organization_name,
      created: created.status,
      firstName,
      phone: shown.body.phone,
      source: shown.body.source,
      total,
      invalidFields: Object.keys(invalid.body.errors).sort(),
      missing: missing.body.error,
    }),
  );
}

main().catch((error: unknown) => {
  process.stderr.write(String(error));
  process.exit(1);
});
`;

/** Each line misuses the generated types; the compiler must refuse every one. */
const MISUSE = `import type { components, operations } from './api';
declare const person: components['schemas']['Person'];
export const count: number = person.first_name;
export const draft: operations['createPerson']['requestBody']['content']['application/json'] = { email: 'x@example.test' };
export const status: components['schemas']['AttestationRequest']['status'] = 'lost';
export const page: operations['listGroups']['responses'][200]['content']['application/json'] = { data: [] };
export const perPage: NonNullable<operations['listGroups']['parameters']['query']>['per_page'] = '25';
`;

describe('a TypeScript client generated from the document (openapi-typescript)', () => {
  let t: TestApp;
  let tenant: Tenant;
  let dir: string;
  let baseUrl: string;

  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}/api/v1`;
    tenant = await createTenant(t.app);
    dir = await mkdtemp(join(tmpdir(), 'openapi-client-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
    await t.close();
  });

  it('generates, type-checks a program that uses it, and the program works against the running service', async () => {
    // From the served document, over HTTP, as a client team would.
    const served = await fetch(`${baseUrl}/openapi.json`);
    expect(served.status).toBe(200);
    const types = astToString(await openapiTS((await served.json()) as never, { silent: true }));
    expect(types).toMatch(/requested_attestation_type\?: "signature"/);
    expect(types).toMatch(/@deprecated[\s\S]{0,200}requested_attestation_type\?: "signature"/);
    await writeFile(join(dir, 'api.d.ts'), types);
    await writeFile(join(dir, 'client.ts'), CLIENT);
    await writeFile(join(dir, 'misuse.ts'), MISUSE);

    const program = ts.createProgram([join(dir, 'client.ts'), join(dir, 'misuse.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2023,
      lib: ['lib.es2023.d.ts'],
      module: ts.ModuleKind.CommonJS,
      moduleResolution: ts.ModuleResolutionKind.Node10,
      ignoreDeprecations: '6.0',
      types: ['node'],
      typeRoots: [join(ROOT, 'node_modules', '@types')],
      skipLibCheck: true,
    });
    const diagnostics = ts.getPreEmitDiagnostics(program).map((diagnostic) => ({
      file: diagnostic.file ? diagnostic.file.fileName.slice(dir.length + 1) : '(global)',
      line: diagnostic.file ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1 : 0,
      message: ts.flattenDiagnosticMessageText(diagnostic.messageText, ' '),
    }));
    expect(diagnostics.filter((d) => d.file !== 'misuse.ts')).toEqual([]);
    expect([...new Set(diagnostics.map((d) => d.line))].sort()).toEqual([3, 4, 5, 6, 7]);

    const javascript = ts.transpileModule(CLIENT, {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2023 },
    }).outputText;
    await writeFile(join(dir, 'client.js'), javascript);
    const { stdout } = await run(process.execPath, [join(dir, 'client.js')], {
      env: { ...process.env, API_BASE_URL: baseUrl, API_TOKEN: tenant.token },
      timeout: 20_000,
    });
    expect(JSON.parse(stdout)).toEqual({
      organization: tenant.organizationName,
      created: 201,
      firstName: null,
      phone: '+14155552671',
      source: 'oauth',
      total: 1,
      invalidFields: ['email', 'last_name'],
      missing: 'Not found.',
    });
  });
});
