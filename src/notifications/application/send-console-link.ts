import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../../database/unit-of-work';
import { Notification } from '../domain/notification';
import { NotificationOutbox } from './notification-outbox';
import { RelayNotifications } from './relay-notifications.use-case';

/**
 * Puts a console link's email in the outbox, in the caller's transaction, and hands it to the queue once that
 * commits: the worker sends it with the retries and SMTP timeouts of every email.
 */
@Injectable()
export class SendConsoleLink {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly outbox: NotificationOutbox,
    private readonly relay: RelayNotifications,
  ) {}

  async execute(input: { organizationId: string; consoleLinkId: string; now: Date }): Promise<void> {
    const notification = Notification.carryConsoleLink(input);
    await this.outbox.addMany([notification]);
    await this.unitOfWork.afterCommit(() => this.relay.soon([notification.id]));
  }
}
