import { BeforeApplicationShutdown, Logger } from '@nestjs/common';
import { Clock, DetachedWork } from '@lib/core';
import { OutboxJob, OutboxQueue } from './outbox-queue';
import { OutboxRows } from './outbox-rows';

/** A row not relayed this long after its commit missed its relay (queue down, process died). */
export const UNRELAYED_GRACE_MS = 5_000;
/** A relayed row still pending this long after was probably lost by the queue; adding it again is harmless. */
export const RELAYED_STALE_MS = 10 * 60_000;
/** Rows being handled right now are skipped and come back; a bound keeps a pass from spinning on them. */
const MAX_BATCHES = 20;

/** What sets one outbox's relay apart: how its rows become jobs. */
export interface RelayDefinition<Row, Data> {
  /** What log lines call the rows ("notifications", "webhook attempts"). */
  rowsName: string;
  /** Rows read at once by the periodic pass. */
  batchSize: number;
  idOf(row: Row): string;
  /** The jobs carrying these rows, delays counted from `now` (the clock that dated the rows). */
  jobsFor(rows: readonly Row[], now: Date): OutboxJob<Data>[];
}

/**
 * Hands committed outbox rows to their queue: right after the commit that wrote them (without making the caller
 * wait), and in a periodic pass of the consuming process for those the first relay missed. A failure leaves the
 * rows pending for that pass. A queue nobody in reach consumes (in process, no consumer here) is left alone: the
 * periodic pass of the process that handles the rows takes them. Each outbox subclasses it, as its DI token.
 */
export abstract class OutboxRelay<Row, Data> implements BeforeApplicationShutdown {
  private readonly logger = new Logger(this.constructor.name);
  private readonly relays = new DetachedWork();
  private timer: NodeJS.Timeout | null = null;
  private passes: Promise<void> = Promise.resolve();
  private stopped = false;

  protected constructor(
    private readonly rows: OutboxRows<Row>,
    private readonly queue: OutboxQueue<Data>,
    private readonly clock: Clock,
    private readonly definition: RelayDefinition<Row, Data>,
  ) {}

  /** Rows their transaction has just committed. */
  async execute(rows: readonly Row[]): Promise<void> {
    if (rows.length === 0) return;
    const ids = rows.map((row) => this.definition.idOf(row));
    if (!this.queue.hasConsumer) {
      await this.rows.markUnrelayed?.(ids);
      return;
    }
    try {
      await this.queue.add(this.definition.jobsFor(rows, this.clock.now()));
    } catch (error) {
      await this.rows.markUnrelayed?.(ids).catch(() => undefined);
      throw error;
    }
    if (!this.rows.markUnrelayed) await this.rows.markRelayed(ids, this.clock.now());
  }

  /**
   * For after-commit hooks: starts the relay and never waits for it nor throws, so the caller's answer does not
   * wait for the queue (a 1,000-email group add: some 100 ms). The rows are committed already: a failed or
   * interrupted relay (queue down, process killed) leaves them pending for the periodic relay.
   */
  soon(rows: readonly Row[]): void {
    if (rows.length === 0) return;
    this.relays.start(
      () => this.execute(rows),
      (error) =>
        this.logger.warn(`${this.definition.rowsName} left for the periodic relay: ${(error as Error).message}`),
    );
  }

  /** One periodic pass: relays the rows the relay after commit missed. Answers how many were handed over. */
  async relayStale(staleMs = RELAYED_STALE_MS): Promise<number> {
    if (!this.queue.hasConsumer) return 0;
    let relayed = 0;
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const now = this.clock.now().getTime();
      const rows = await this.rows.findRelayable({
        unrelayedBefore: new Date(now - UNRELAYED_GRACE_MS),
        staleBefore: new Date(now - staleMs),
        limit: this.definition.batchSize,
      });
      if (rows.length === 0) return relayed;
      await this.queue.add(this.definition.jobsFor(rows, this.clock.now()));
      await this.rows.markRelayed(
        rows.map((row) => this.definition.idOf(row)),
        this.clock.now(),
      );
      relayed += rows.length;
      if (rows.length < this.definition.batchSize) return relayed;
    }
    return relayed;
  }

  /** Runs the periodic pass now and every `intervalMs`, one at a time; a failing pass is retried at the next tick. */
  startPeriodic(settings: { intervalMs: number; staleMs?: number }): void {
    if (this.timer || this.stopped) return;
    const pass = () => this.periodicPass(settings.staleMs);
    pass();
    this.timer = setInterval(pass, settings.intervalMs);
    this.timer.unref();
  }

  /**
   * Stops the periodic pass and waits for the one running and for every relay in flight, before the queue's
   * connection closes (graceful shutdown, the admin CLI's exit): cut off, their rows would wait for the next start.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.passes;
    await this.relays.settled();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.stop();
  }

  private periodicPass(staleMs?: number): void {
    this.passes = this.passes.then(async () => {
      if (this.stopped) return;
      try {
        const relayed = await this.relayStale(staleMs);
        if (relayed > 0) this.logger.log(`relayed ${relayed} pending ${this.definition.rowsName}`);
      } catch (error) {
        this.logger.warn(`${this.definition.rowsName} relay pass failed: ${(error as Error).message}`);
      }
    });
  }
}
