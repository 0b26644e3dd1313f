import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import { OutboxRelay, RelayDefinition } from '../../outbox/application/outbox-relay';
import { NotificationOutbox } from './notification-outbox';
import { DELIVER_JOB, DeliverJob, NotificationQueue } from './notification-queue';

/** One job per notification, its id the notification's. */
const NOTIFICATION_RELAY: RelayDefinition<string, DeliverJob> = {
  rowsName: 'notifications',
  batchSize: 500,
  idOf: (id) => id,
  jobsFor: (ids) => ids.map((notificationId) => ({ name: DELIVER_JOB, id: notificationId, data: { notificationId } })),
};

/** Hands committed notifications (by id) to the queue and notes when. */
@Injectable()
export class RelayNotifications extends OutboxRelay<string, DeliverJob> {
  constructor(outbox: NotificationOutbox, queue: NotificationQueue, clock: Clock) {
    super(outbox, queue, clock, NOTIFICATION_RELAY);
  }
}
