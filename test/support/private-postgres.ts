import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chownSync, closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { freePort } from './free-port';

/**
 * A PostgreSQL server of the test's own (Debian's binaries under /usr/lib/postgresql/<version>/bin), on a free port
 * chosen when it starts, with its data in a temporary directory: for fault tests that freeze or stop the server,
 * which the shared one on 5432 must never see. As root it runs as the `postgres` OS user. `freeze()` stops the
 * postmaster and every backend (SIGSTOP; each backend is its own session, so one by one), as a frozen VM would:
 * sockets stay open, nothing answers.
 *
 * The port is not fixed: a server that an interrupted run left frozen on a fixed port would take every later
 * run's connections and hang them. If the server does not come up, the error carries its log.
 */
export class PrivatePostgres {
  private process: ChildProcess | null = null;
  private readonly dir = mkdtempSync(join(tmpdir(), 'attest-private-pg-'));
  private chosenPort: number | null = null;

  get port(): number {
    if (this.chosenPort === null) throw new Error('PrivatePostgres: start() chooses the port');
    return this.chosenPort;
  }

  static binDir(): string {
    const root = '/usr/lib/postgresql';
    const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
    const found = versions.map((version) => join(root, version, 'bin')).find((bin) => existsSync(join(bin, 'initdb')));
    if (!found) throw new Error('no PostgreSQL binaries under /usr/lib/postgresql (apt-get install postgresql)');
    return found;
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private get user(): { uid?: number; gid?: number } {
    if (process.getuid?.() !== 0) return {};
    const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout);
    const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout);
    return { uid, gid };
  }

  async start(): Promise<void> {
    const bin = PrivatePostgres.binDir();
    const data = join(this.dir, 'data');
    const { uid, gid } = this.user;
    if (uid !== undefined) chownSync(this.dir, uid, gid!);
    const init = spawnSync(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync'], {
      uid,
      gid,
      encoding: 'utf8',
    });
    if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
    this.chosenPort = await freePort();
    const log = openSync(this.logPath, 'w');
    const server = spawn(
      join(bin, 'postgres'),
      [
        '-D',
        data,
        '-p',
        String(this.port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        `unix_socket_directories=${this.dir}`,
        '-c',
        'fsync=off',
      ],
      { uid, gid, stdio: ['ignore', log, log] },
    );
    closeSync(log);
    this.process = server;
    const started = Date.now();
    for (;;) {
      if (server.exitCode !== null || server.signalCode !== null) {
        throw new Error(
          `private PostgreSQL on ${this.port} exited (${server.exitCode ?? server.signalCode}):\n${this.log()}`,
        );
      }
      const client = new Client({ connectionString: this.url, connectionTimeoutMillis: 1000 });
      try {
        await client.connect();
        await client.end();
        return;
      } catch {
        await client.end().catch(() => undefined);
        if (Date.now() - started > 30_000) {
          throw new Error(`private PostgreSQL not ready on ${this.port} after 30 s:\n${this.log()}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }

  private get logPath(): string {
    return join(this.dir, 'server.log');
  }

  private log(): string {
    try {
      return readFileSync(this.logPath, 'utf8').slice(-4000);
    } catch {
      return '(no server log)';
    }
  }

  async createDatabase(name: string): Promise<string> {
    const client = new Client({ connectionString: this.url });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    return `postgres://postgres@127.0.0.1:${this.port}/${name}`;
  }

  /** SIGSTOP to the postmaster first (no new backend is forked), then to each of its children. */
  freeze(): void {
    this.signalAll('SIGSTOP');
  }

  thaw(): void {
    this.signalAll('SIGCONT');
  }

  private signalAll(signal: NodeJS.Signals): void {
    const child = this.process;
    const postmaster = child?.pid;
    if (!postmaster || child.exitCode !== null || child.signalCode !== null) return;
    process.kill(postmaster, signal);
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        if (parent === postmaster) process.kill(Number(entry), signal);
      } catch {
        // A process that ended meanwhile.
      }
    }
  }

  async stop(): Promise<void> {
    const child = this.process;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        this.thaw();
        process.kill(child.pid!, 'SIGQUIT');
      } catch {
        // Already gone.
      }
      await exited;
    }
    this.process = null;
    rmSync(this.dir, { recursive: true, force: true });
  }
}
