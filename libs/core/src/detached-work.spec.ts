import { DetachedWork } from './detached-work';

/** A promise and the hand that settles it. */
function gate(): { promise: Promise<void>; open(): void; fail(error: Error): void } {
  let open!: () => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<void>((resolve, reject) => ((open = resolve), (fail = reject)));
  return { promise, open, fail };
}

describe('DetachedWork', () => {
  it('starts the work at once and settles only once every piece has finished, failures included', async () => {
    const work = new DetachedWork();
    const first = gate();
    const second = gate();
    const failures: unknown[] = [];
    let started = 0;
    work.start(
      () => (started++, first.promise),
      (error) => failures.push(error),
    );
    work.start(
      () => (started++, second.promise),
      (error) => failures.push(error),
    );
    expect(started).toBe(2);
    expect(work.size).toBe(2);

    let settled = false;
    const settling = work.settled().then(() => (settled = true));
    first.open();
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    second.fail(new Error('queue down'));
    await settling;
    expect(failures).toEqual([new Error('queue down')]);
    expect(work.size).toBe(0);
  });

  it('waits for work started while it was settling, and reports a synchronous throw as a failure', async () => {
    const work = new DetachedWork();
    const first = gate();
    const later = gate();
    const failures: unknown[] = [];
    work.start(
      () => first.promise,
      (error) => failures.push(error),
    );
    let settled = false;
    const settling = work.settled().then(() => (settled = true));
    work.start(
      () => later.promise,
      (error) => failures.push(error),
    );
    work.start(
      () => {
        throw new Error('at once');
      },
      (error) => failures.push(error),
    );
    first.open();
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    later.open();
    await settling;
    expect(failures).toEqual([new Error('at once')]);
  });

  it('settles at once when nothing runs', async () => {
    await expect(new DetachedWork().settled()).resolves.toBeUndefined();
  });
});
