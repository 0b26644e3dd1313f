import { SharedRead } from './shared-read';

function deferred<V>() {
  let resolve!: (value: V) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<V>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('SharedRead', () => {
  it('starts a read at once when none runs for the key', async () => {
    const shared = new SharedRead<string>();
    await expect(shared.read('a', async () => 'first')).resolves.toBe('first');
  });

  it('never answers a caller with a read that started before it asked: it waits for the next one', async () => {
    const shared = new SharedRead<string>();
    const running = deferred<string>();
    const loads: string[] = [];
    const first = shared.read('a', () => {
      loads.push('first');
      return running.promise;
    });
    const second = shared.read('a', async () => {
      loads.push('second');
      return 'second';
    });
    await flush();
    expect(loads).toEqual(['first']);
    running.resolve('first');
    await expect(first).resolves.toBe('first');
    await expect(second).resolves.toBe('second');
    expect(loads).toEqual(['first', 'second']);
  });

  it('shares one queued read among every caller that waits, running the load of the last one to join', async () => {
    const shared = new SharedRead<string>();
    const running = deferred<string>();
    const loads: string[] = [];
    void shared.read('a', () => running.promise);
    const waiting = ['b', 'c', 'd'].map((name) =>
      shared.read('a', async () => {
        loads.push(name);
        return name;
      }),
    );
    running.resolve('first');
    expect(await Promise.all(waiting)).toEqual(['d', 'd', 'd']);
    expect(loads).toEqual(['d']);
  });

  it('keeps keys apart', async () => {
    const shared = new SharedRead<string>();
    const running = deferred<string>();
    void shared.read('a', () => running.promise);
    await expect(shared.read('b', async () => 'b')).resolves.toBe('b');
    running.resolve('a');
  });

  it('runs the queued read after a failed one, and hands a failure only to those who shared it', async () => {
    const shared = new SharedRead<string>();
    const running = deferred<string>();
    const first = shared.read('a', () => running.promise);
    const second = shared.read('a', async () => 'second');
    running.reject(new Error('database gone'));
    await expect(first).rejects.toThrow('database gone');
    await expect(second).resolves.toBe('second');
  });

  it('turns a load that throws at once into a rejected read, and the next caller starts afresh', async () => {
    const shared = new SharedRead<string>();
    await expect(
      shared.read('a', () => {
        throw new Error('bad statement');
      }),
    ).rejects.toThrow('bad statement');
    await expect(shared.read('a', async () => 'again')).resolves.toBe('again');
  });

  it('forgets a read once it ended: of two callers after it, the first starts at once, the second waits', async () => {
    const shared = new SharedRead<string>();
    await shared.read('a', async () => 'ended');
    const first = shared.read('a', async () => 'first');
    const second = shared.read('a', async () => 'second');
    expect(await Promise.all([first, second])).toEqual(['first', 'second']);
  });

  it('starts a new read for a caller who comes after the last one ended', async () => {
    const shared = new SharedRead<number>();
    let count = 0;
    await shared.read('a', async () => ++count);
    await expect(shared.read('a', async () => ++count)).resolves.toBe(2);
  });

  it('queues a caller who comes while the queued read runs behind it, not onto it', async () => {
    const shared = new SharedRead<string>();
    const first = deferred<string>();
    const second = deferred<string>();
    const loads: string[] = [];
    void shared.read('a', () => first.promise);
    const joined = shared.read('a', () => (loads.push('second'), second.promise));
    first.resolve('first');
    await flush();
    expect(loads).toEqual(['second']);
    // The queued read is now the running one: a caller arriving now must not be answered by it.
    const later = shared.read('a', async () => (loads.push('third'), 'third'));
    second.resolve('second');
    await expect(joined).resolves.toBe('second');
    await expect(later).resolves.toBe('third');
    expect(loads).toEqual(['second', 'third']);
  });
});
