interface Waiting<V> {
  load: () => Promise<V>;
  result: Promise<V>;
}

/**
 * One read shared by the callers that wait for it, never by one that came after it started: a caller joins the
 * read queued behind the running one (or starts one when none runs), so whatever it is answered was read after it
 * asked. N simultaneous callers cost at most two reads instead of N, and nobody sees data older than their call.
 * The queued read runs the load of the caller who joined it last (the newest clock, say).
 */
export class SharedRead<V> {
  private readonly running = new Map<string, Promise<V>>();
  private readonly waiting = new Map<string, Waiting<V>>();

  read(key: string, load: () => Promise<V>): Promise<V> {
    const queued = this.waiting.get(key);
    if (queued) {
      queued.load = load;
      return queued.result;
    }
    const current = this.running.get(key);
    if (!current) return this.start(key, load);
    const entry: Waiting<V> = {
      load,
      result: current.then(
        () => this.startQueued(key, entry),
        () => this.startQueued(key, entry),
      ),
    };
    this.waiting.set(key, entry);
    return entry.result;
  }

  private startQueued(key: string, entry: Waiting<V>): Promise<V> {
    this.waiting.delete(key);
    return this.start(key, entry.load);
  }

  private start(key: string, load: () => Promise<V>): Promise<V> {
    let result: Promise<V>;
    try {
      result = load();
    } catch (error) {
      result = Promise.reject(error as Error);
    }
    this.running.set(key, result);
    // Registered before any queued read's continuation on the same promise, so it runs first: the entry deleted is
    // always this read's, and the queued read then sets its own.
    const done = () => this.running.delete(key);
    result.then(done, done);
    return result;
  }
}
