import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/common';
import { AppConfig } from '../../config/app-config';
import { UnitOfWork } from '../../database/unit-of-work';
import { NotificationOutbox } from '../../notifications/application/notification-outbox';
import { Notification } from '../../notifications/domain/notification';
import { remindedOrSentBefore } from '../domain/reminder-schedule';
import { AttestationRequestRepository } from './attestation-request.repository';
import { groupByPerson } from './group-by-person';

const BATCH = 200;
const MAX_BATCHES = 50;

export interface RemindersSent {
  requestIds: string[];
  /** To relay to the queue once committed. */
  notificationIds: string[];
}

/**
 * The scheduled reminder pass: a request waiting for its recipient is reminded REMINDER_INTERVAL_DAYS after it
 * was sent, then that long after each reminder, at most MAX_REMINDERS times. Counting the reminder and writing
 * its email to the outbox happen in one transaction on locked rows (SKIP LOCKED), so a reminder is neither lost
 * nor doubled, however many workers run the pass. One email per person lists all of their due requests.
 */
@Injectable()
export class SendDueReminders {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly requests: AttestationRequestRepository,
    private readonly outbox: NotificationOutbox,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  async execute(): Promise<RemindersSent> {
    const sent: RemindersSent = { requestIds: [], notificationIds: [] };
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const { requestIds, notificationIds } = await this.unitOfWork.run(() => this.remindBatch());
      sent.requestIds.push(...requestIds);
      sent.notificationIds.push(...notificationIds);
      if (requestIds.length < BATCH) break;
    }
    return sent;
  }

  private async remindBatch(): Promise<RemindersSent> {
    const now = this.clock.now();
    const due = await this.requests.lockDueForReminder({
      now,
      remindedOrSentBefore: remindedOrSentBefore(now, this.config.reminderIntervalDays),
      limit: BATCH,
    });
    for (const request of due) {
      request.recordReminder(now);
      await this.requests.save(request);
    }
    const notifications = groupByPerson(due).map((requests) =>
      Notification.announce({
        organizationId: requests[0].organizationId,
        personId: requests[0].personId,
        kind: 'reminder',
        attestationRequestIds: requests.map((request) => request.id),
        now,
      }),
    );
    await this.outbox.addMany(notifications);
    return { requestIds: due.map((request) => request.id), notificationIds: notifications.map((n) => n.id) };
  }
}
