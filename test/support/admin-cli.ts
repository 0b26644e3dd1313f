import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { TEST_REDIS_URL } from './environment';

/** The compiled admin CLI, built by the Jest global setup. */
const ADMIN = resolve(__dirname, '../../dist/src/admin.js');

/** What one admin command did: its exit code and everything it wrote. */
export interface AdminRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** An answer of the admin CLI: one JSON object. */
export type Json = Record<string, any>;

/**
 * The environment an operator gives the admin CLI against a test database: the test Redis under a prefix of its
 * own, and a data directory (in `scratch`) that holds no embedded database, so nothing but `databaseUrl` is used.
 */
export function adminEnvironment(databaseUrl: string, scratch: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: databaseUrl,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: `test:${randomBytes(6).toString('hex')}`,
    APP_KEY: 'test-app-key-0123456789abcdef0123456789abcdef',
    DATA_DIR: join(scratch, 'no-embedded-database-here'),
    LOG_LEVEL: '',
  };
}

/** Runs one admin command as its users do, in a process of its own, with exactly `env`. */
export function runAdmin(args: string[], env: NodeJS.ProcessEnv): Promise<AdminRun> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [ADMIN, ...args], { env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

/** Runs a command that must succeed; answers its one JSON object. */
export async function adminAnswer(args: string[], env: NodeJS.ProcessEnv): Promise<Json> {
  const result = await runAdmin(args, env);
  if (result.code !== 0) throw new Error(`admin ${args.join(' ')} exited ${result.code}: ${result.stderr}`);
  return JSON.parse(result.stdout) as Json;
}
