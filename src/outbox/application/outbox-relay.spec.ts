import { FixedClock } from '@lib/core';
import type { OutboxJob, OutboxQueue } from './outbox-queue';
import { OutboxRelay, RELAYED_STALE_MS, UNRELAYED_GRACE_MS } from './outbox-relay';
import { OutboxRows, RelayableQuery } from './outbox-rows';

const NOW = new Date('2026-11-26T10:00:00Z');

/** Rows written unrelayed, as the notifications' are: the relay marks them once the queue has them. */
class Rows extends OutboxRows<string> {
  pending: string[] = [];
  readonly queries: RelayableQuery[] = [];
  readonly marked: string[] = [];

  async findRelayable(input: RelayableQuery): Promise<string[]> {
    this.queries.push(input);
    return this.pending.filter((id) => !this.marked.includes(id)).slice(0, input.limit);
  }

  async markRelayed(ids: readonly string[]): Promise<void> {
    this.marked.push(...ids);
  }
}

class Queue {
  hasConsumer = true;
  readonly added: OutboxJob<{ id: string }>[] = [];
  gate: Promise<void> = Promise.resolve();

  async add(jobs: readonly OutboxJob<{ id: string }>[]): Promise<void> {
    await this.gate;
    this.added.push(...jobs);
  }
}

class ThingRelay extends OutboxRelay<string, { id: string }> {
  constructor(rows: Rows, queue: Queue) {
    super(rows, queue as unknown as OutboxQueue<{ id: string }>, new FixedClock(NOW), {
      rowsName: 'things',
      batchSize: 2,
      idOf: (id) => id,
      jobsFor: (ids) => ids.map((id) => ({ name: 'thing', id, data: { id } })),
    });
  }
}

describe('OutboxRelay', () => {
  let rows: Rows;
  let queue: Queue;
  let relay: ThingRelay;
  beforeEach(() => {
    rows = new Rows();
    queue = new Queue();
    relay = new ThingRelay(rows, queue);
  });
  afterEach(() => relay.stop());

  it('hands committed rows to the queue with their ids as job ids, then marks them relayed', async () => {
    await relay.execute(['a', 'b']);
    expect(queue.added.map((job) => job.id)).toEqual(['a', 'b']);
    expect(rows.marked).toEqual(['a', 'b']);
  });

  it('leaves rows alone when nothing in reach consumes the queue, and when the queue refuses them', async () => {
    queue.hasConsumer = false;
    await relay.execute(['a']);
    queue.hasConsumer = true;
    queue.gate = Promise.reject(new Error('queue down'));
    queue.gate.catch(() => undefined);
    await expect(relay.execute(['b'])).rejects.toThrow('queue down');
    expect(queue.added).toEqual([]);
    expect(rows.marked).toEqual([]);
  });

  it('relays stale rows batch after batch, until a short one, with the grace and staleness it is given', async () => {
    rows.pending = ['a', 'b', 'c', 'd', 'e'];
    expect(await relay.relayStale()).toBe(5);
    expect(queue.added.map((job) => job.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(rows.queries).toHaveLength(3);
    expect(rows.queries[0]).toEqual({
      unrelayedBefore: new Date(NOW.getTime() - UNRELAYED_GRACE_MS),
      staleBefore: new Date(NOW.getTime() - RELAYED_STALE_MS),
      limit: 2,
    });
    expect(await relay.relayStale(1_000)).toBe(0);
    expect(rows.queries.at(-1)!.staleBefore).toEqual(new Date(NOW.getTime() - 1_000));
  });

  it('runs the periodic pass at once; stopping waits for the pass running and for the relays in flight', async () => {
    let release!: () => void;
    queue.gate = new Promise((resolve) => (release = resolve));
    rows.pending = ['a'];
    relay.startPeriodic({ intervalMs: 60_000 });
    await new Promise((resolve) => setImmediate(resolve));
    expect(rows.queries).toHaveLength(1);
    relay.soon(['b']);
    let stopped = false;
    const stopping = relay.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(queue.added.map((job) => job.id).sort()).toEqual(['a', 'b']);
    expect(rows.marked.sort()).toEqual(['a', 'b']);
  });
});
