import { BeforeApplicationShutdown, OnApplicationBootstrap } from '@nestjs/common';
import { ConsumerSettings, JobOutcome, JobRun, OutboxQueue } from './outbox-queue';
import { OutboxRelay } from './outbox-relay';

export interface OutboxConsumerSettings extends ConsumerSettings {
  /** How often pending rows the queue may not hold are relayed again. */
  relayIntervalMs: number;
  /** A relayed row still pending this long after is taken as lost by the queue and relayed again. */
  relayStaleMs?: number;
}

/**
 * The handling side of an outbox, in the worker (or the embedded API): takes its queue's jobs and runs the periodic
 * relay of the rows whose relay was missed (queue down when the API tried, API process gone). On shutdown it stops
 * relaying, waits for the relays in flight, then stops taking jobs and lets the ones in hand finish, before the
 * database connection closes. Each outbox subclasses it with its job handler.
 */
export abstract class OutboxConsumer<Row, Data> implements OnApplicationBootstrap, BeforeApplicationShutdown {
  protected constructor(
    private readonly queue: OutboxQueue<Data>,
    private readonly relay: OutboxRelay<Row, Data>,
    private readonly consumerSettings: OutboxConsumerSettings,
  ) {
    // Before any boot hook runs: a boot hook (the lifecycle's first pass) may relay before this consumer starts.
    queue.expectConsumer();
  }

  protected abstract handle(run: JobRun<Data>): Promise<JobOutcome>;

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.process((run) => this.handle(run), this.consumerSettings);
    this.relay.startPeriodic({
      intervalMs: this.consumerSettings.relayIntervalMs,
      staleMs: this.consumerSettings.relayStaleMs,
    });
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.relay.stop();
    await this.queue.close();
  }
}
