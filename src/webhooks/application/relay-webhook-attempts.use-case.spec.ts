import { FixedClock } from '@lib/core';
import type { WebhookDeliveries } from './webhook-deliveries';
import type { QueuedBatch, WebhookQueue } from './webhook-queue';
import { RelayWebhookAttempts } from './relay-webhook-attempts.use-case';

describe('RelayWebhookAttempts.soon', () => {
  it('returns at once, and a shutdown waits for the relay it started before the queue closes', async () => {
    let release!: () => void;
    const added: QueuedBatch[][] = [];
    const queue = {
      add: (batches: QueuedBatch[]) => {
        added.push(batches);
        return new Promise<void>((resolve) => (release = resolve));
      },
    } as unknown as WebhookQueue;
    const relay = new RelayWebhookAttempts(
      {} as WebhookDeliveries,
      queue,
      new FixedClock(new Date('2026-11-26T10:00:00Z')),
    );

    relay.soon([{ deliveryId: 'd1', endpointId: 'e1', dueAt: new Date('2026-11-26T10:00:00Z') }]);
    expect(added).toEqual([[{ endpointId: 'e1', deliveryIds: ['d1'], delayMs: 0 }]]);
    let shutDown = false;
    const shutdown = relay.beforeApplicationShutdown().then(() => (shutDown = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(shutDown).toBe(false);
    release();
    await shutdown;
    expect(shutDown).toBe(true);
  });
});
