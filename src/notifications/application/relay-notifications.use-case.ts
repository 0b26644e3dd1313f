import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import { OutboxRelay } from '../../outbox/application/outbox-relay';
import { NotificationOutbox } from './notification-outbox';
import { DELIVER_JOB, DeliverJob, NotificationQueue } from './notification-queue';

/** Hands committed notifications (by id) to the queue, one job each, and notes when. */
@Injectable()
export class RelayNotifications extends OutboxRelay<string, DeliverJob> {
  constructor(outbox: NotificationOutbox, queue: NotificationQueue, clock: Clock) {
    super(outbox, queue, clock, {
      rowsName: 'notifications',
      batchSize: 500,
      idOf: (id) => id,
      jobsFor: (ids) =>
        ids.map((notificationId) => ({ name: DELIVER_JOB, id: notificationId, data: { notificationId } })),
    });
  }
}
