import { DELIVERY_ATTEMPTS, DeliveryAttempt } from '../application/notification-queue';
import { PermanentDeliveryError } from '../application/permanent-delivery.error';
import { InProcessNotificationQueue } from './in-process-notification-queue';

const SETTINGS = { concurrency: 2, backoffMs: 5, lockDurationMs: 0, stalledIntervalMs: 0 };

async function until(probe: () => boolean): Promise<void> {
  const deadline = Date.now() + 2_000;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('InProcessNotificationQueue', () => {
  let queue: InProcessNotificationQueue;
  afterEach(() => queue.close());

  it('delivers jobs added before the consumer starts, once per id while it is queued', async () => {
    queue = new InProcessNotificationQueue();
    const seen: DeliveryAttempt[] = [];
    await queue.add(['a', 'b', 'a']);
    await queue.add(['b']);
    await queue.process(async (attempt) => void seen.push(attempt), SETTINGS);
    await until(() => seen.length >= 2);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen.map((s) => s.notificationId).sort()).toEqual(['a', 'b']);
    expect(seen[0]).toMatchObject({ attempt: 1, isFinal: false });
  });

  it('retries a failing job up to the last attempt, flagged final', async () => {
    queue = new InProcessNotificationQueue();
    const attempts: DeliveryAttempt[] = [];
    await queue.process(async (attempt) => {
      attempts.push(attempt);
      throw new Error('down');
    }, SETTINGS);
    await queue.add(['a']);
    await until(() => attempts.length === DELIVERY_ATTEMPTS);
    expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3, 4, 5]);
    expect(attempts.map((a) => a.isFinal)).toEqual([false, false, false, false, true]);
  });

  it('stops at once on a permanent failure', async () => {
    queue = new InProcessNotificationQueue();
    let calls = 0;
    await queue.process(async () => {
      calls += 1;
      throw new PermanentDeliveryError('550');
    }, SETTINGS);
    await queue.add(['a']);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls).toBe(1);
  });

  it('runs at most `concurrency` jobs at once, and close waits for them', async () => {
    queue = new InProcessNotificationQueue();
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
    await queue.add(['a', 'b', 'c', 'd']);
    await until(() => running > 0);
    await until(() => done === 4);
    expect(peak).toBe(2);
    await queue.add(['e']);
    await queue.close();
    expect(done).toBe(5);
  });
});
