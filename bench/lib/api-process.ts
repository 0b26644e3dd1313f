import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
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
 * Starts a built entry point (e.g. dist/src/main.js) with the given environment and stops it by its own pid.
 * Its output is kept in memory, not echoed, so the report stays readable.
 */
export function startBuilt(
  entry: string,
  env: Record<string, string>,
  options: { nodeArgs?: string[]; cwd?: string } = {},
): RunningProcess {
  const cwd = options.cwd ?? ROOT;
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), join(cwd, entry)], {
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
