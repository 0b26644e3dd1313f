import { FixedClock } from '@lib/core';
import type { OutboxJob } from '../../outbox/application/outbox-queue';
import type { WebhookDeliveries } from './webhook-deliveries';
import type { WebhookJob, WebhookQueue } from './webhook-queue';
import { ATTEMPTS_PER_JOB, RelayWebhookAttempts } from './relay-webhook-attempts.use-case';

const NOW = new Date('2026-11-26T10:00:00Z');

function relayTo(add: (jobs: OutboxJob<WebhookJob>[]) => Promise<void>) {
  const unmarked: string[][] = [];
  const deliveries = {
    markUnrelayed: async (ids: string[]) => void unmarked.push(ids),
  } as unknown as WebhookDeliveries;
  const queue = { hasConsumer: true, add } as unknown as WebhookQueue;
  return { relay: new RelayWebhookAttempts(deliveries, queue, new FixedClock(NOW)), unmarked };
}

describe('RelayWebhookAttempts.soon', () => {
  it('returns at once, and a shutdown waits for the relay it started before the queue closes', async () => {
    let release!: () => void;
    const added: OutboxJob<WebhookJob>[][] = [];
    const { relay } = relayTo((jobs) => {
      added.push(jobs);
      return new Promise<void>((resolve) => (release = resolve));
    });

    relay.soon([{ deliveryId: 'd1', endpointId: 'e1', dueAt: NOW }]);
    expect(added).toEqual([
      [{ name: 'attempts', id: 'd1', data: { endpointId: 'e1', deliveryIds: ['d1'] }, delayMs: 0 }],
    ]);
    let shutDown = false;
    const shutdown = relay.beforeApplicationShutdown().then(() => (shutDown = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(shutDown).toBe(false);
    release();
    await shutdown;
    expect(shutDown).toBe(true);
  });
});

describe('RelayWebhookAttempts.execute', () => {
  it('carries attempts to one endpoint due at once in one job, ATTEMPTS_PER_JOB at most, delayed until due', async () => {
    const added: OutboxJob<WebhookJob>[] = [];
    const { relay } = relayTo(async (jobs) => void added.push(...jobs));
    const later = new Date(NOW.getTime() + 60_000);
    const many = Array.from({ length: ATTEMPTS_PER_JOB + 1 }, (_, i) => ({
      deliveryId: `a${String(i).padStart(4, '0')}`,
      endpointId: 'e1',
      dueAt: NOW,
    }));
    await relay.execute([
      ...many,
      { deliveryId: 'b', endpointId: 'e2', dueAt: NOW },
      { deliveryId: 'c', endpointId: 'e1', dueAt: later },
    ]);
    expect(added.map((job) => [job.id, job.data.endpointId, job.data.deliveryIds!.length, job.delayMs])).toEqual([
      ['a0000', 'e1', ATTEMPTS_PER_JOB, 0],
      [`a${String(ATTEMPTS_PER_JOB).padStart(4, '0')}`, 'e1', 1, 0],
      ['b', 'e2', 1, 0],
      ['c', 'e1', 1, 60_000],
    ]);
  });

  it('marks the attempts unrelayed when the queue refuses them, and throws', async () => {
    const { relay, unmarked } = relayTo(async () => {
      throw new Error('queue down');
    });
    await expect(relay.execute([{ deliveryId: 'd1', endpointId: 'e1', dueAt: NOW }])).rejects.toThrow('queue down');
    expect(unmarked).toEqual([['d1']]);
  });
});
