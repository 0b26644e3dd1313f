import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../../database/unit-of-work';
import { Notification, NotificationKind } from '../domain/notification';
import { NotificationOutbox } from './notification-outbox';
import { RelayNotifications } from './relay-notifications.use-case';

/** What an email needs to know of a request it announces. */
export interface RequestToAnnounce {
  id: string;
  organizationId: string;
  personId: string;
}

/**
 * Writes the emails announcing requests to the outbox, one per person listing all of theirs, in the caller's
 * transaction; once that commits, starts handing them to the queue, without waiting for it. A failed hand-over is
 * only logged: the rows stay pending and the periodic relay takes them. Producers (attestation requests) call this;
 * nothing is handed back.
 */
@Injectable()
export class AnnounceRequests {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly outbox: NotificationOutbox,
    private readonly relay: RelayNotifications,
  ) {}

  async execute(input: { kind: NotificationKind; requests: readonly RequestToAnnounce[]; now: Date }): Promise<void> {
    const byPerson = new Map<string, RequestToAnnounce[]>();
    for (const request of input.requests) {
      byPerson.set(request.personId, [...(byPerson.get(request.personId) ?? []), request]);
    }
    const notifications = [...byPerson.values()].map((requests) =>
      Notification.announce({
        organizationId: requests[0].organizationId,
        personId: requests[0].personId,
        kind: input.kind,
        attestationRequestIds: requests.map((request) => request.id),
        now: input.now,
      }),
    );
    if (notifications.length === 0) return;
    await this.outbox.addMany(notifications);
    const ids = notifications.map((notification) => notification.id);
    // Not awaited: the answer does not wait for the queue; the committed rows are the guarantee.
    await this.unitOfWork.afterCommit(() => this.relay.soon(ids));
  }
}
