import { cpuMsOf } from './measure';
import { withClient } from './bench-database';

/** CPU so far of each PostgreSQL backend connected to the database (and of `extraPids`), by pid, in ms. */
export async function serverCpuMs(databaseUrl: string, extraPids: number[] = []): Promise<Map<number, number>> {
  const pids = await withClient(databaseUrl, async (client) =>
    (
      await client.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      )
    ).rows.map((row) => row.pid),
  );
  const cpu = new Map<number, number>();
  for (const pid of [...pids, ...extraPids]) {
    try {
      cpu.set(pid, cpuMsOf(pid));
    } catch {
      // ended meanwhile
    }
  }
  return cpu;
}

/** CPU spent between two `serverCpuMs` readings by the processes seen in both (a new backend counts from zero). */
export function cpuSpentMs(before: Map<number, number>, after: Map<number, number>): number {
  let spent = 0;
  for (const [pid, ms] of after) spent += ms - (before.get(pid) ?? 0);
  return spent;
}
