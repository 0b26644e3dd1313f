/**
 * Work started without waiting for it (a relay after a commit, so the answer does not wait for the queue), kept
 * track of so that a shutdown can wait for it to finish before the connections it uses close.
 */
export class DetachedWork {
  private readonly running = new Set<Promise<void>>();

  /** Starts `work` now; a failure goes to `onFailure`, never to the caller. */
  start(work: () => Promise<void>, onFailure: (error: unknown) => void): void {
    let started: Promise<void>;
    try {
      started = work();
    } catch (error) {
      started = Promise.reject(error);
    }
    const tracked: Promise<void> = started.catch(onFailure).finally(() => this.running.delete(tracked));
    this.running.add(tracked);
  }

  /** How many are still running. */
  get size(): number {
    return this.running.size;
  }

  /** Resolves once everything started so far, and anything started meanwhile, has finished (failed ones too). */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}
