import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

export interface RunningProcess {
  child: ChildProcess;
  stop(): Promise<void>;
  /** The last lines it wrote, for a failure report. */
  output(): string;
}

/**
 * The Node flags a checkout runs a built entry point with: those of its package.json script that runs that entry
 * (`start:prod` for dist/src/main.js, `start:worker` for dist/src/worker.js), so the bench measures the process as
 * it is deployed (e.g. its heap limits), and a baseline checkout with its own.
 */
export function declaredNodeFlags(cwd: string, entry: string): string[] {
  const { scripts = {} } = JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
  };
  for (const command of Object.values(scripts)) {
    const words = command.split(/\s+/);
    const at = words.indexOf(entry);
    const node = words.indexOf('node');
    if (node >= 0 && at > node) return words.slice(node + 1, at);
  }
  return [];
}

/**
 * Starts a built entry point (e.g. dist/src/main.js) with the given environment and the Node flags its checkout
 * declares for it (`declaredNodeFlags`), and stops it by its own pid. Its output is kept in memory, not echoed,
 * so the report stays readable.
 */
export function startBuilt(
  entry: string,
  env: Record<string, string>,
  options: { nodeArgs?: string[]; cwd?: string } = {},
): RunningProcess {
  const cwd = options.cwd ?? ROOT;
  const nodeArgs = [...declaredNodeFlags(cwd, entry), ...(options.nodeArgs ?? [])];
  const child = spawn(process.execPath, [...nodeArgs, join(cwd, entry)], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-8000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return {
    child,
    output: () => tail,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls a URL until it answers 200, or fails when the process exits or the time is up. */
export async function waitUntilReady(url: string, process: RunningProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (process.child.exitCode !== null) throw new Error(`the process exited early:\n${process.output()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} was not ready after ${timeoutMs} ms:\n${process.output()}`);
}
