import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { Clock, DetachedWork } from '@lib/core';
import { NotificationOutbox } from './notification-outbox';
import { NotificationQueue } from './notification-queue';

/**
 * Hands committed notifications to the queue and notes when; a failure leaves them pending for the next pass.
 * A queue nobody in reach consumes (in process, no consumer here) is left alone: the periodic relay of the
 * process that delivers takes the rows.
 */
@Injectable()
export class RelayNotifications implements BeforeApplicationShutdown {
  private readonly logger = new Logger('RelayNotifications');
  private readonly relays = new DetachedWork();

  constructor(
    private readonly outbox: NotificationOutbox,
    private readonly queue: NotificationQueue,
    private readonly clock: Clock,
  ) {}

  async execute(notificationIds: readonly string[]): Promise<void> {
    if (notificationIds.length === 0 || !this.queue.hasConsumer) return;
    await this.queue.add(notificationIds);
    await this.outbox.markRelayed(notificationIds, this.clock.now());
  }

  /**
   * For after-commit hooks: starts the relay and never waits for it nor throws, so the caller's answer does not
   * wait for the queue (a 1,000-email group add: some 100 ms). The rows are committed already: a failed or
   * interrupted relay (queue down, process killed) leaves them pending for the periodic relay.
   */
  soon(notificationIds: readonly string[]): void {
    if (notificationIds.length === 0) return;
    this.relays.start(
      () => this.execute(notificationIds),
      (error) => this.logger.warn(`notifications left for the periodic relay: ${(error as Error).message}`),
    );
  }

  /** Relays in progress finish before the queue's connection closes (graceful shutdown, the admin CLI's exit). */
  async beforeApplicationShutdown(): Promise<void> {
    await this.relays.settled();
  }
}
