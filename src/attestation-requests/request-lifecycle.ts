import { Injectable, Logger } from '@nestjs/common';
import { ScheduledPasses } from '../scheduling/application/scheduled-passes';
import { ExpireOverdueRequests } from './application/expire-overdue-requests.use-case';
import { LIFECYCLE_TASKS, LifecycleTask } from './application/lifecycle-schedule';
import { RenewDueAttestations } from './application/renew-due-attestations.use-case';
import { SendDueReminders } from './application/send-due-reminders.use-case';

/**
 * The scheduled passes of the request lifecycle, in the worker (and in the embedded API, which is its own worker):
 * expiry, reminders and renewal. The emails a pass writes to the outbox are relayed to the queue as soon as each of
 * its transactions commits (an after-commit hook of the unit of work); if that fails they stay pending and the
 * periodic relay hands them over.
 */
@Injectable()
export class RequestLifecycle extends ScheduledPasses {
  private readonly logger = new Logger('RequestLifecycle');
  readonly tasks = LIFECYCLE_TASKS;

  constructor(
    private readonly expireOverdue: ExpireOverdueRequests,
    private readonly sendReminders: SendDueReminders,
    private readonly renewDue: RenewDueAttestations,
  ) {
    super();
  }

  /** One pass of `task`, now; answers how many requests it changed or issued. */
  async run(task: LifecycleTask): Promise<number> {
    switch (task) {
      case 'expire-overdue-requests': {
        const expired = await this.expireOverdue.execute();
        if (expired.length > 0) this.logger.log(`expired ${expired.length} request(s)`);
        return expired.length;
      }
      case 'send-due-reminders': {
        const { requestIds } = await this.sendReminders.execute();
        if (requestIds.length > 0) this.logger.log(`reminded ${requestIds.length} request(s)`);
        return requestIds.length;
      }
      case 'renew-due-attestations': {
        const { requestIds } = await this.renewDue.execute();
        if (requestIds.length > 0) this.logger.log(`issued ${requestIds.length} renewal request(s)`);
        return requestIds.length;
      }
    }
  }
}
