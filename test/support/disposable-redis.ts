import { ChildProcess, spawn } from 'node:child_process';
import Redis from 'ioredis';
import { eventually } from './membership-fixtures';

/** A Redis of a test file's own, on a port of its own, that the test can kill and start again (no persistence). */
export class DisposableRedis {
  private process: ChildProcess | null = null;
  constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    if (this.process) return;
    this.process = spawn(
      process.env.REDIS_SERVER_BIN ?? 'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    const probe = new Redis(this.url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on('error', () => undefined);
    try {
      await eventually(
        async () => {
          try {
            if (probe.status !== 'ready') await probe.connect();
            return (await probe.ping()) === 'PONG';
          } catch {
            probe.disconnect();
            return false;
          }
        },
        10_000,
        'redis-server to start',
      );
    } finally {
      probe.disconnect();
    }
  }

  async stop(): Promise<void> {
    const child = this.process;
    this.process = null;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }
}
