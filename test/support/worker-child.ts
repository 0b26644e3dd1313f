import { ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import type { TestApp } from './test-app';

const ROOT = resolve(__dirname, '../..');

/**
 * `test/support/worker-process.ts` in a child process on the test app's database, Redis and key, so a test can
 * kill it for real (SIGKILL) and start another. Resolves once it consumes ("worker ready"); `env` adds to or
 * overrides the environment (SMTP_URL, webhook settings).
 */
export async function startWorkerProcess(t: TestApp, env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['-r', 'ts-node/register', '-r', 'tsconfig-paths/register', 'test/support/worker-process.ts'],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        TS_NODE_TRANSPILE_ONLY: '1',
        TS_NODE_PROJECT: 'tsconfig.json',
        DATABASE_URL: t.database.url,
        REDIS_URL: t.config.redisUrl,
        REDIS_PREFIX: t.config.redisPrefix,
        APP_URL: t.config.appUrl,
        APP_KEY: t.config.appKey,
        LOG_LEVEL: 'silent',
        ...env,
      },
    },
  );
  let output = '';
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`worker did not start: ${output}`)), 90_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('worker ready')) {
        clearTimeout(timer);
        ready();
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`worker exited (${code}): ${output}`));
    });
  });
  return child;
}

/** Sends the signal and resolves once the process has exited. */
export function stopProcess(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', () => done());
    child.kill(signal);
  });
}
