import { Worker } from 'node:worker_threads';
import { percentileOf } from './measure';

export interface FsyncSummary {
  samples: number;
  p50: number;
  p99: number;
  p999: number;
  max: number;
  /** Flushes slower than the given limit, the disk's stalls a durable commit waits through. */
  stalls: number;
}

// A thread of its own: fdatasync blocks the thread that calls it, and the bench's clients must not wait on it.
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const path = require('node:path');
const file = path.join(workerData.directory, 'bench-fsync-probe-' + process.pid);
const fd = fs.openSync(file, 'w');
const page = Buffer.alloc(8192, 1);
const times = [];
let stopped = false;
parentPort.on('message', () => { stopped = true; });
let position = 0;
(function next() {
  if (stopped) {
    fs.closeSync(fd);
    fs.unlinkSync(file);
    parentPort.postMessage(times);
    return;
  }
  fs.writeSync(fd, page, 0, page.length, position);
  position = (position + page.length) % (16 << 20);
  const started = process.hrtime.bigint();
  fs.fdatasyncSync(fd);
  times.push(Number(process.hrtime.bigint() - started) / 1e6);
  setTimeout(next, workerData.intervalMs);
})();
`;

/**
 * Measures the disk beside a benchmark: one 8 kB write and `fdatasync` every `intervalMs` in `directory` (put it on
 * PostgreSQL's filesystem), the same flush a commit waits for. A write's p99 cannot be lower than this tail.
 */
export function startFsyncProbe(directory: string, intervalMs = 50) {
  const worker = new Worker(PROBE, { eval: true, workerData: { directory, intervalMs } });
  const done = new Promise<number[]>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    async stop(stallMs: number): Promise<FsyncSummary> {
      worker.postMessage('stop');
      const sorted = (await done).sort((a, b) => a - b);
      await worker.terminate();
      return {
        samples: sorted.length,
        p50: percentileOf(sorted, 50),
        p99: percentileOf(sorted, 99),
        p999: percentileOf(sorted, 99.9),
        max: sorted.at(-1) ?? 0,
        stalls: sorted.filter((time) => time > stallMs).length,
      };
    },
  };
}
