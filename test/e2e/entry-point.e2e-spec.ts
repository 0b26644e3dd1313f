import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeSealP12 } from '../support/seal-p12';

const ROOT = join(__dirname, '..', '..');

/** Runs `runEntryPoint` in a child process with `env` and `start`; answers its exit code and its log lines. */
function runEntryPoint(env: Record<string, string>, start: string, command = 'start:prod') {
  const script = `require('./src/entry-point').runEntryPoint('${command}', ${start});`;
  const run = spawnSync(
    process.execPath,
    ['-r', 'ts-node/register/transpile-only', '-r', 'tsconfig-paths/register', '-e', script],
    { cwd: ROOT, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', ...env } },
  );
  const lines = run.stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { level: number; context: string; msg: string });
  return { status: run.status, lines, stderr: run.stderr };
}

const PRODUCTION_ENV = {
  DATABASE_URL: 'postgres://127.0.0.1:1/none',
  REDIS_URL: 'redis://127.0.0.1:1',
  APP_KEY: 'k'.repeat(32),
};

/** How the API and the worker boot: a bad environment or a failed start is one fatal line and exit code 1. */
describe('runEntryPoint', () => {
  it('names what is missing from the environment, and starts nothing', () => {
    const run = runEntryPoint({ APP_KEY: 'k'.repeat(32) }, `async () => console.log('{"started":true}')`);
    expect(run.status).toBe(1);
    expect(run.lines).toEqual([
      expect.objectContaining({
        level: 60,
        context: 'Start',
        msg: 'start:prod needs DATABASE_URL, REDIS_URL; use npm start for the embedded mode',
      }),
    ]);
  });

  it('reports an invalid environment in one line', () => {
    const run = runEntryPoint({ ...PRODUCTION_ENV, PORT: 'eighty' }, `async () => undefined`);
    expect(run.status).toBe(1);
    expect(run.lines).toEqual([
      expect.objectContaining({ level: 60, msg: 'PORT must be a whole number from 0 to 65535, got "eighty"' }),
    ]);
  });

  it('reports a failed start with the entry point prefix, without a stack trace', () => {
    const run = runEntryPoint(PRODUCTION_ENV, `async () => { throw new Error('no database') }`);
    expect(run.status).toBe(1);
    expect(run.lines).toEqual([expect.objectContaining({ level: 60, msg: 'failed to start: no database' })]);
    expect(run.stderr).toBe('');
  });

  it("logs the worker's failures as the worker's", () => {
    const missing = runEntryPoint(PRODUCTION_ENV, `async () => undefined`, 'start:worker');
    expect(missing.status).toBe(1);
    expect(missing.lines).toEqual([
      expect.objectContaining({ level: 60, context: 'Worker', msg: 'start:worker needs APP_URL' }),
    ]);
    const failed = runEntryPoint(
      { ...PRODUCTION_ENV, APP_URL: 'https://attest.example.com' },
      `async () => { throw new Error('no redis') }`,
      'start:worker',
    );
    expect(failed.status).toBe(1);
    expect(failed.lines).toEqual([
      expect.objectContaining({ level: 60, context: 'Worker', msg: 'worker failed to start: no redis' }),
    ]);
  });

  it('hands the checked configuration to start', () => {
    const run = runEntryPoint(
      PRODUCTION_ENV,
      `async (config) => console.log(JSON.stringify({ level: 30, msg: config.redisUrl }))`,
    );
    expect(run.status).toBe(0);
    expect(run.lines).toEqual([expect.objectContaining({ msg: 'redis://127.0.0.1:1' })]);
  });
});

/** The API's own entry point (dist/src/main.js) refuses to start, in one line, with a seal key it cannot use. */
describe('the API entry point with a broken seal key', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'seal-entry-'));
    writeSealP12(join(dir, 'seal.p12'), 'right');
    writeFileSync(join(dir, 'text.p12'), 'not a PKCS#12 file');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function startMain(env: Record<string, string>) {
    const run = spawnSync(
      process.execPath,
      // The compiled entry point (built by the Jest global setup), as `npm run start:prod` runs it.
      [join(ROOT, 'dist', 'src', 'main.js')],
      {
        cwd: ROOT,
        encoding: 'utf8',
        env: { PATH: process.env.PATH ?? '', ...PRODUCTION_ENV, ...env },
        timeout: 120_000,
      },
    );
    const lines = run.stdout.split('\n').filter(Boolean);
    return { status: run.status, lines, stderr: run.stderr };
  }

  it('stops on a wrong password with one fatal line', () => {
    const run = startMain({ SEAL_P12_PATH: join(dir, 'seal.p12'), SEAL_P12_PASSWORD: 'wrong' });
    expect(run.status).toBe(1);
    expect(run.lines).toHaveLength(1);
    expect(JSON.parse(run.lines[0])).toMatchObject({
      level: 60,
      context: 'Start',
      msg: `SEAL_P12_PASSWORD does not open the PKCS#12 file at SEAL_P12_PATH (${join(dir, 'seal.p12')})`,
    });
    expect(run.stderr).toBe('');
  });

  it.each([
    ['a file that is not a PKCS#12', 'text.p12', 'SEAL_P12_PATH is not a PKCS#12 file the service can read'],
    ['a file that is not there', 'absent.p12', 'SEAL_P12_PATH cannot be read'],
  ])('stops on %s with one fatal line, as every entry point does', (_case, file, reason) => {
    const run = runEntryPoint(
      { ...PRODUCTION_ENV, SEAL_P12_PATH: join(dir, file), SEAL_P12_PASSWORD: 'right' },
      `async () => console.log('{"started":true}')`,
    );
    expect(run.status).toBe(1);
    expect(run.lines).toHaveLength(1);
    expect(run.lines[0]).toMatchObject({ level: 60, context: 'Start' });
    expect(run.lines[0].msg.startsWith(`${reason} (${join(dir, file)})`)).toBe(true);
  });
});
