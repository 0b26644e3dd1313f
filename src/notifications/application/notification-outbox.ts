import { OutboxRows } from '../../outbox/application/outbox-rows';
import type { Notification } from '../domain/notification';

/**
 * The durable record of emails to send (the `notifications` table), and the outbox of their queue: rows are
 * written unrelayed and marked once the queue has them; a pending row is relayable when created before
 * `unrelayedBefore` and never relayed, or last touched before `staleBefore`.
 */
export abstract class NotificationOutbox extends OutboxRows<string> {
  abstract addMany(notifications: readonly Notification[]): Promise<void>;
  /** The notification, locked until the transaction ends: one deliverer at a time, whatever the queue does. */
  abstract lockForDelivery(id: string): Promise<Notification | null>;
  abstract save(notification: Notification): Promise<void>;
  /**
   * The ids among the notification's requests that a newer email of the same person also announced: for those,
   * this email is no longer the latest, and its failure says nothing about their delivery.
   */
  abstract requestsAnnouncedSince(notification: Notification): Promise<Set<string>>;
}
