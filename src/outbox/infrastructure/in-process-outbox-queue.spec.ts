import { JOB_ATTEMPTS, PermanentJobError } from '../application/job-retries';
import type { JobRun, OutboxJob } from '../application/outbox-queue';
import { InProcessOutboxQueue } from './in-process-outbox-queue';

const SETTINGS = { concurrency: 2, backoffMs: 5, lockDurationMs: 0, stalledIntervalMs: 0 };

interface Item {
  item: string;
}

const jobs = (...ids: string[]): OutboxJob<Item>[] => ids.map((id) => ({ name: 'handle', id, data: { item: id } }));

async function until(probe: () => boolean): Promise<void> {
  const deadline = Date.now() + 2_000;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('InProcessOutboxQueue', () => {
  let queue: InProcessOutboxQueue<Item>;
  beforeEach(() => (queue = new InProcessOutboxQueue<Item>({ name: 'things', logContext: 'ThingQueue' })));
  afterEach(() => queue.close());

  it('delivers jobs added before the consumer starts, once per id while it is queued', async () => {
    const seen: JobRun<Item>[] = [];
    await queue.add(jobs('a', 'b', 'a'));
    await queue.add(jobs('b'));
    await queue.process(async (run) => void seen.push(run), SETTINGS);
    await until(() => seen.length >= 2);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen.map((s) => s.data.item).sort()).toEqual(['a', 'b']);
    expect(seen[0]).toMatchObject({ name: 'handle', attempt: 1, isFinal: false });
  });

  it('retries a failing job up to the last attempt, flagged final', async () => {
    const attempts: JobRun<Item>[] = [];
    await queue.process(async (run) => {
      attempts.push(run);
      throw new Error('down');
    }, SETTINGS);
    await queue.add(jobs('a'));
    await until(() => attempts.length === JOB_ATTEMPTS);
    expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3, 4, 5]);
    expect(attempts.map((a) => a.isFinal)).toEqual([false, false, false, false, true]);
  });

  it('stops at once on a permanent failure', async () => {
    let calls = 0;
    await queue.process(async () => {
      calls += 1;
      throw new PermanentJobError('550');
    }, SETTINGS);
    await queue.add(jobs('a'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls).toBe(1);
  });

  it('runs at most `concurrency` jobs at once, and close waits for them', async () => {
    let running = 0;
    let peak = 0;
    let done = 0;
    await queue.process(async () => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, 20));
      running -= 1;
      done += 1;
    }, SETTINGS);
    await queue.add(jobs('a', 'b', 'c', 'd'));
    await until(() => running > 0);
    await until(() => done === 4);
    expect(peak).toBe(2);
    await queue.add(jobs('e'));
    await queue.close();
    expect(done).toBe(5);
  });

  it('runs a delayed job once due, and a postponed one again later without counting a failed try', async () => {
    const runs: { item: string; attempt: number; at: number }[] = [];
    const started = Date.now();
    await queue.process(async (run) => {
      runs.push({ item: run.data.item, attempt: run.attempt, at: Date.now() - started });
      if (run.data.item === 'busy' && runs.filter((r) => r.item === 'busy').length === 1) return { postponeMs: 30 };
    }, SETTINGS);
    await queue.add([{ name: 'handle', id: 'later', data: { item: 'later' }, delayMs: 40 }, ...jobs('busy')]);
    // Postponed, the id is still known: adding it again adds nothing.
    await queue.add(jobs('busy'));
    await until(() => runs.length === 3);
    const later = runs.find((r) => r.item === 'later')!;
    expect(later.at).toBeGreaterThanOrEqual(35);
    expect(runs.filter((r) => r.item === 'busy').map((r) => r.attempt)).toEqual([1, 1]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runs).toHaveLength(3);
  });

  it('runs jobs without an id (signals) each time they are added; only where a consumer is, or is expected', async () => {
    expect(queue.hasConsumer).toBe(false);
    queue.expectConsumer();
    expect(queue.hasConsumer).toBe(true);
    let signals = 0;
    await queue.add([
      { name: 'signal', data: { item: '' } },
      { name: 'signal', data: { item: '' } },
    ]);
    await queue.process(async () => void (signals += 1), SETTINGS);
    await until(() => signals === 2);
  });

  it('refuses jobs once closed', async () => {
    await queue.close();
    await expect(queue.add(jobs('a'))).rejects.toThrow('the things queue is closed');
  });
});
