import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/** Runs `runEntryPoint` in a child process with `env` and `start`; answers its exit code and its log lines. */
function runEntryPoint(env: Record<string, string>, start: string) {
  const script = `
    require('./src/entry-point').runEntryPoint({
      logContext: 'Start', command: 'start:prod', hint: '; use npm start for the embedded mode',
      failure: 'failed to start', start: ${start},
    });`;
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

  it('hands the checked configuration to start', () => {
    const run = runEntryPoint(
      PRODUCTION_ENV,
      `async (config) => console.log(JSON.stringify({ level: 30, msg: config.redisUrl }))`,
    );
    expect(run.status).toBe(0);
    expect(run.lines).toEqual([expect.objectContaining({ msg: 'redis://127.0.0.1:1' })]);
  });
});
