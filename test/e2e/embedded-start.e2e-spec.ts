import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../support/free-port';

/**
 * `npm start` with nothing configured, as a user runs it: `node scripts/start.js` with no DATABASE_URL, REDIS_URL
 * or APP_KEY, on an empty data directory. It must create, migrate and seed an embedded PostgreSQL, print the owner
 * token once, serve the API, stop its PostgreSQL on SIGTERM, and on a second start reuse the data silently.
 */
const START = resolve(__dirname, '../../scripts/start.js');
const TOKEN = /atst_[A-Za-z0-9_-]{20,}/g;

interface Started {
  child: ChildProcess;
  output: () => string;
  readyAfterMs: number;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe('npm start without configuration (embedded PostgreSQL, in-process queue)', () => {
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let port: number;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'attest-embedded-'));
    port = await freePort();
    const { DATABASE_URL: _database, REDIS_URL: _redis, APP_KEY: _key, APP_URL: _url, ...inherited } = process.env;
    env = {
      ...inherited,
      DATA_DIR: dataDir,
      PORT: String(port),
      // A free port, so a developer's own `npm start` on the default port is left alone.
      EMBEDDED_POSTGRES_PORT: String(await freePort()),
      LOG_LEVEL: 'info',
    };
  });

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    // Should a start have been killed before it could stop its PostgreSQL, stop that server too.
    const pidFile = join(dataDir, 'postgres', 'postmaster.pid');
    if (existsSync(pidFile)) {
      const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
      if (Number.isInteger(pid) && isAlive(pid)) process.kill(pid, 'SIGINT');
      for (let waited = 0; isAlive(pid) && waited < 10_000; waited += 100) await sleep(100);
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function start(): Promise<Started> {
    const startedAt = Date.now();
    const child = spawn(process.execPath, [START], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output}`);
      if (Date.now() - startedAt > 90_000) throw new Error(`npm start not ready after 90 s:\n${output}`);
      const status = await fetch(`http://127.0.0.1:${port}/health/ready`).then(
        (response) => response.status,
        () => 0,
      );
      if (status === 200) return { child, output: () => output, readyAfterMs: Date.now() - startedAt };
      await sleep(100);
    }
  }

  async function stop(started: Started): Promise<void> {
    const exited = new Promise((done) => started.child.once('exit', done));
    started.child.kill('SIGTERM');
    await exited;
  }

  function postmasterPid(): number | null {
    const file = join(dataDir, 'postgres', 'postmaster.pid');
    return existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) : null;
  }

  const me = (token: string) =>
    fetch(`http://127.0.0.1:${port}/api/v1/me`, { headers: { Authorization: `Bearer ${token}` } });

  let token: string;

  it('first start: creates, migrates and seeds the database, prints the token once, and serves the API', async () => {
    const first = await start();
    console.info(`embedded first start: ready in ${first.readyAfterMs} ms`);

    const output = first.output();
    const tokens = [...new Set(output.match(TOKEN))];
    expect(tokens).toHaveLength(1);
    token = tokens[0];
    expect(output).toContain('PostgreSQL: embedded');
    expect(output).toContain('Redis: none; the rate limit and the email queue run in this process');

    const response = await me(token);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ name: 'Demo Owner', current_organization_name: 'Demo Organization' });
    expect(readFileSync(join(dataDir, 'app-key'), 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);

    // The console link of the banner signs the owner in, with no shell command and no SMTP.
    const link = /http:\/\/localhost:\d+(\/console\/link\/[A-Za-z0-9_-]{43})/.exec(output)![1];
    const page = await fetch(`http://127.0.0.1:${port}${link}`);
    expect(page.status).toBe(200);
    const nonce = page.headers.get('set-cookie')!.split(';')[0];
    const csrf = /name="_csrf" value="([^"]+)"/.exec(await page.text())![1];
    const signedIn = await fetch(`http://127.0.0.1:${port}/console/link`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: nonce },
      body: new URLSearchParams({ _csrf: csrf, secret: link.split('/').pop()!, next: '/console' }).toString(),
    });
    expect(signedIn.status).toBe(303);
    const session = signedIn.headers.get('set-cookie')!.split(';')[0];
    const home = await fetch(`http://127.0.0.1:${port}/console`, { headers: { Cookie: session } });
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('Demo Organization');

    const postgres = postmasterPid();
    expect(postgres).not.toBeNull();
    await stop(first);
    // SIGTERM stops the embedded PostgreSQL with the API.
    expect(isAlive(postgres!)).toBe(false);
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  }, 120_000);

  it('second start: reuses the data, prints no new token, and the first token still works', async () => {
    expect(token).toBeDefined();
    const second = await start();
    console.info(`embedded second start: ready in ${second.readyAfterMs} ms`);
    expect(second.output().match(TOKEN)).toBeNull();
    expect(second.output()).not.toContain('(created now)');
    expect((await me(token)).status).toBe(200);
    await stop(second);
  }, 120_000);
});
