import type { Notification } from '../domain/notification';

/** The durable record of emails to send (the `notifications` table). */
export abstract class NotificationOutbox {
  abstract addMany(notifications: readonly Notification[]): Promise<void>;
  /** The notification, locked until the transaction ends: one deliverer at a time, whatever the queue does. */
  abstract lockForDelivery(id: string): Promise<Notification | null>;
  abstract save(notification: Notification): Promise<void>;
  /**
   * The ids among the notification's requests that a newer email of the same person also announced: for those,
   * this email is no longer the latest, and its failure says nothing about their delivery.
   */
  abstract requestsAnnouncedSince(notification: Notification): Promise<Set<string>>;
  /**
   * Pending notifications the queue may not hold: never relayed and created before `unrelayedBefore`, or
   * last touched before `staleBefore` (the queue lost them, e.g. a Redis without persistence restarted).
   */
  abstract findRelayable(input: { unrelayedBefore: Date; staleBefore: Date; limit: number }): Promise<string[]>;
  abstract markRelayed(ids: readonly string[], now: Date): Promise<void>;
}
