import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import { NotificationOutbox } from './notification-outbox';
import { NotificationQueue } from './notification-queue';

/**
 * Hands committed notifications to the queue and notes when; a failure leaves them pending for the next pass.
 * A queue nobody in reach consumes (in process, no consumer here) is left alone: the periodic relay of the
 * process that delivers takes the rows.
 */
@Injectable()
export class RelayNotifications {
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
}
