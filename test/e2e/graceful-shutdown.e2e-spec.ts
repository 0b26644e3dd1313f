import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { connect, Socket } from 'node:net';
import { resolve } from 'node:path';
import { TEST_REDIS_URL } from '../support/environment';
import { createTenant } from '../support/fixtures';
import { createTestDatabase, TestDatabase } from '../support/test-database';
import { startTestApp, TestApp } from '../support/test-app';
import { freePort } from '../support/free-port';

/**
 * SIGTERM, as supervisors and `docker stop` send it, to the built API (`npm run start:prod`) and worker
 * (`npm run start:worker`): readiness turns 503 first while requests are still served, a request in flight
 * finishes, then the process exits 0, all within 10 s.
 */
const DIST = resolve(__dirname, '../../dist/src');

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

function run(script: string, env: NodeJS.ProcessEnv): Running {
  const child = spawn(process.execPath, [resolve(DIST, script)], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal, at: Date.now() })),
  );
  return { child, output: () => output, exited };
}

async function waitForStatus(url: string, wanted: number, running: Running, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await fetch(url).then(
      (response) => response.status,
      () => 0,
    );
    if (status === wanted) return;
    if (running.child.exitCode !== null) throw new Error(`exited early:\n${running.output()}`);
    if (Date.now() > deadline) throw new Error(`${url} never answered ${wanted}:\n${running.output()}`);
    await sleep(100);
  }
}

describe('graceful shutdown on SIGTERM', () => {
  let database: TestDatabase;
  let t: TestApp;
  let baseEnv: NodeJS.ProcessEnv;
  const started: ChildProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    t = await startTestApp({ database });
    const { SMTP_URL: _smtp, ...inherited } = process.env;
    baseEnv = {
      ...inherited,
      DATABASE_URL: database.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: `test:${randomBytes(6).toString('hex')}`,
      APP_KEY: 'test-app-key-0123456789abcdef0123456789abcdef',
      APP_URL: 'https://attest.example.test',
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
    };
  });
  afterAll(async () => {
    for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await t.close();
    await database.drop();
  });

  it('API: readiness 503 first, the request in flight finishes, then exit 0 within 10 s', async () => {
    const port = await freePort();
    const api = run('main.js', { ...baseEnv, PORT: String(port), SHUTDOWN_DELAY_MS: '1500' });
    started.push(api.child);
    const base = `http://127.0.0.1:${port}`;
    await waitForStatus(`${base}/health/ready`, 200, api);
    const tenant = await createTenant(t.app);

    // A request in flight: its headers are in, half of its body is not.
    const body = JSON.stringify({
      first_name: 'Grace',
      last_name: 'Hopper',
      email: `grace.${Date.now()}@example.test`,
    });
    const socket: Socket = connect(port, '127.0.0.1');
    await new Promise((done) => socket.once('connect', done));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.write(
      `POST /api/v1/people HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${tenant.auth.Authorization}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    await sleep(200);

    const signalledAt = Date.now();
    api.child.kill('SIGTERM');
    await sleep(300);
    const ready = await fetch(`${base}/health/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'error', details: { shutdown: { status: 'down' } } });
    expect(ready.headers.get('connection')).toBe('close');
    // Still served during the delay: a load balancer has time to notice.
    expect((await fetch(`${base}/health/live`)).status).toBe(200);

    await sleep(1700); // past the delay: the listener is closing, and waits for the request in flight
    expect(
      await fetch(`${base}/health/live`).then(
        () => 'answered',
        () => 'refused',
      ),
    ).toBe('refused');
    socket.write(body.slice(10));
    const exit = await api.exited;
    socket.destroy();
    expect(answer).toMatch(/^HTTP\/1\.1 201 /);
    expect(exit.code).toBe(0);
    const stoppedMs = exit.at - signalledAt;
    console.info(`API stopped ${stoppedMs} ms after SIGTERM (SHUTDOWN_DELAY_MS=1500)`);
    expect(stoppedMs).toBeLessThan(10_000);

    // Every line it wrote, start-up and shutdown included, is JSON in one shape.
    const lines = api.output().trim().split('\n');
    for (const line of lines) expect(JSON.parse(line)).toMatchObject({ level: expect.any(Number), pid: api.child.pid });
    expect(lines.some((line) => line.includes('SIGTERM received'))).toBe(true);
  }, 60_000);

  it('worker: serves its probes, warns once without SMTP_URL in production, and stops on SIGTERM within 10 s', async () => {
    const port = await freePort();
    const worker = run('worker.js', { ...baseEnv, WORKER_PORT: String(port) });
    started.push(worker.child);
    await waitForStatus(`http://127.0.0.1:${port}/health/ready`, 200, worker);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(200);
    const warnings = worker
      .output()
      .split('\n')
      .filter((line) => line.includes('SMTP_URL is not set'));
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0])).toMatchObject({ level: 40, context: 'Worker' });

    const signalledAt = Date.now();
    worker.child.kill('SIGTERM');
    const exit = await worker.exited;
    expect(exit.code).toBe(0);
    console.info(`worker stopped ${exit.at - signalledAt} ms after SIGTERM`);
    expect(exit.at - signalledAt).toBeLessThan(10_000);
  }, 60_000);

  it('worker: refuses to start without APP_URL, which the links in its emails need', async () => {
    const { APP_URL: _appUrl, ...withoutAppUrl } = baseEnv;
    const worker = run('worker.js', { ...withoutAppUrl, WORKER_PORT: String(await freePort()) });
    started.push(worker.child);
    const exit = await worker.exited;
    expect(exit.code).toBe(1);
    expect(worker.output()).toContain('start:worker needs APP_URL');
  }, 60_000);
});
