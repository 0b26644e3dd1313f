import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import { AppConfig } from '../../config/app-config';
import { UnitOfWork } from '../../database/unit-of-work';
import { remindedOrSentBefore } from '../domain/reminder-schedule';
import { AttestationRequestRepository } from './attestation-request.repository';
import { inBatches, PassBatch } from './batched-pass';
import { RequestIssuer } from './request-issuer';

const LIMITS = { batchSize: 200, maxBatches: 50 };

export interface RemindersSent {
  requestIds: string[];
}

/**
 * The scheduled reminder pass: a request waiting for its recipient is reminded REMINDER_INTERVAL_DAYS after it
 * was sent, then that long after each reminder, at most MAX_REMINDERS times. Counting the reminder and writing
 * its email to the outbox happen in one transaction on locked rows (SKIP LOCKED), so a reminder is neither lost
 * nor doubled, however many workers run the pass. One email per person lists all of their due requests; each
 * batch's emails are relayed once it commits.
 */
@Injectable()
export class SendDueReminders {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly requests: AttestationRequestRepository,
    private readonly issuer: RequestIssuer,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  async execute(): Promise<RemindersSent> {
    return { requestIds: await inBatches(LIMITS, () => this.unitOfWork.run(() => this.remindBatch())) };
  }

  private async remindBatch(): Promise<PassBatch> {
    const now = this.clock.now();
    const due = await this.requests.lockDueForReminderAcrossOrganizations({
      now,
      remindedOrSentBefore: remindedOrSentBefore(now, this.config.reminderIntervalDays),
      limit: LIMITS.batchSize,
    });
    for (const request of due) {
      request.recordReminder(now);
      await this.requests.save(request);
    }
    await this.issuer.announce(due, 'reminder', now);
    return { taken: due.length, requestIds: due.map((request) => request.id) };
  }
}
