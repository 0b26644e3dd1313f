import { execFileSync } from 'node:child_process';
import { cpus } from 'node:os';

/**
 * Pins processes (every thread) to a set of cores with util-linux's `taskset`, so one benchmark can give a process a
 * core of its own on a machine whose cores everything else shares. PostgreSQL's backends are forked by the
 * postmaster: pinning it (with the backends already running) pins every later backend too.
 */
export function pinToCores(pids: readonly number[], cores: string): void {
  for (const pid of pids) {
    try {
      execFileSync('taskset', ['-a', '-p', '-c', cores, String(pid)], { stdio: 'ignore' });
    } catch {
      // A backend that ended between the listing and the call.
    }
  }
}

/** The shared PostgreSQL's processes (postmaster and backends). */
export function postgresPids(): number[] {
  try {
    return execFileSync('pgrep', ['-x', 'postgres'], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** Every core of the machine, as taskset writes a list (not `availableParallelism()`: a pinned caller sees one). */
export function allCores(): string {
  return `0-${cpus().length - 1}`;
}
