import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { freePort } from './free-port';

const BINARY = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((path) => existsSync(path)) ?? 'pgbouncer';

export interface PgBouncerOptions {
  /** Server connections per database and user: few, so that transactions really share them. */
  poolSize?: number;
  /** Another PgBouncer binary than Debian's (a benchmark compares a newer one). */
  binary?: string;
  /** PgBouncer 1.21+: named statements it tracks per client and prepares on each server connection as needed. */
  maxPreparedStatements?: number;
  /** Reach PostgreSQL through its Unix socket in this directory instead of TCP (a pooler on the database's host). */
  upstreamSocketDir?: string;
}

/**
 * A PgBouncer of the test's own (Debian's `pgbouncer`, installed by .ci/run) in transaction mode on a free port, in
 * front of the shared PostgreSQL: every database name is passed through, users are trusted (listed in its auth
 * file), and it refuses startup parameters it does not know, as a default PgBouncer does. As root it runs as the
 * `postgres` OS user (it refuses root). `url(databaseUrl)` is the same database reached through it.
 */
export class PgBouncer {
  private process: ChildProcess | null = null;
  private readonly dir = mkdtempSync(join(tmpdir(), 'attest-pgbouncer-'));
  private chosenPort: number | null = null;

  constructor(
    private readonly upstream: { host: string; port: number },
    private readonly options: PgBouncerOptions = {},
  ) {}

  get port(): number {
    if (this.chosenPort === null) throw new Error('PgBouncer: start() chooses the port');
    return this.chosenPort;
  }

  /** Its process id (for a benchmark's CPU accounting). */
  get pid(): number | undefined {
    return this.process?.pid;
  }

  /** The same database, user and password as `databaseUrl`, through this pooler. */
  url(databaseUrl: string): string {
    const url = new URL(databaseUrl);
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.toString();
  }

  async start(): Promise<void> {
    this.chosenPort = await freePort();
    chmodSync(this.dir, 0o777);
    writeFileSync(join(this.dir, 'users.txt'), '"postgres" ""\n"root" ""\n');
    writeFileSync(
      join(this.dir, 'pgbouncer.ini'),
      [
        '[databases]',
        `* = host=${this.options.upstreamSocketDir ?? this.upstream.host} port=${this.upstream.port}`,
        '[pgbouncer]',
        'listen_addr = 127.0.0.1',
        `listen_port = ${this.port}`,
        'unix_socket_dir =',
        'auth_type = trust',
        `auth_file = ${join(this.dir, 'users.txt')}`,
        'pool_mode = transaction',
        `default_pool_size = ${this.options.poolSize ?? 4}`,
        'max_client_conn = 500',
        'server_reset_query =',
        ...(this.options.maxPreparedStatements
          ? [`max_prepared_statements = ${this.options.maxPreparedStatements}`]
          : []),
        `logfile = ${join(this.dir, 'pgbouncer.log')}`,
        `pidfile = ${join(this.dir, 'pgbouncer.pid')}`,
        '',
      ].join('\n'),
    );
    const asRoot = process.getuid?.() === 0;
    const server = spawn(
      this.options.binary ?? BINARY,
      [...(asRoot ? ['-u', 'postgres'] : []), join(this.dir, 'pgbouncer.ini')],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    this.process = server;
    const started = Date.now();
    for (;;) {
      if (server.exitCode !== null || server.signalCode !== null) {
        throw new Error(`pgbouncer exited (${server.exitCode ?? server.signalCode}): ${output}\n${this.log()}`);
      }
      const client = new Client({
        connectionString: `postgres://postgres@127.0.0.1:${this.port}/postgres`,
        connectionTimeoutMillis: 1000,
      });
      try {
        await client.connect();
        await client.query('SELECT 1');
        await client.end();
        return;
      } catch (error) {
        await client.end().catch(() => undefined);
        if (Date.now() - started > 15_000) {
          throw new Error(
            `pgbouncer not ready on ${this.port}: ${(error as Error).message}\n${output}\n${this.log()}`,
            {
              cause: error,
            },
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }

  /** What its binary says of itself, e.g. `PgBouncer 1.18.0`. */
  version(): string {
    const output = spawnSync(this.options.binary ?? BINARY, ['--version'], { encoding: 'utf8' }).stdout ?? '';
    return output.split('\n')[0].trim();
  }

  /** The end of its log (connections, errors), for assertions and failure messages. */
  log(): string {
    try {
      return readFileSync(join(this.dir, 'pgbouncer.log'), 'utf8').slice(-8000);
    } catch {
      return '(no pgbouncer log)';
    }
  }

  async stop(): Promise<void> {
    const server = this.process;
    if (server && server.exitCode === null && server.signalCode === null) {
      await new Promise<void>((done) => {
        server.once('exit', () => done());
        server.kill('SIGINT');
      });
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** Whether Debian's pgbouncer is installed (.ci/run installs it). */
export function pgBouncerInstalled(): boolean {
  return spawnSync(BINARY, ['--version']).status === 0;
}
