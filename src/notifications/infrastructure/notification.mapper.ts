import { Notification, NotificationKind, NotificationStatus } from '../domain/notification';
import { NotificationRecord } from './notification.record';

export const notificationMapper = {
  toDomain: (r: NotificationRecord): Notification =>
    new Notification(
      r.id,
      r.organizationId,
      r.personId,
      r.kind as NotificationKind,
      r.attestationRequestIds,
      r.status as NotificationStatus,
      r.attempts,
      r.lastError,
      r.relayedAt,
      r.sentAt,
      r.createdAt,
      r.updatedAt,
    ),
  toRecord: (n: Notification): NotificationRecord =>
    Object.assign(new NotificationRecord(), {
      id: n.id,
      organizationId: n.organizationId,
      personId: n.personId,
      kind: n.kind,
      attestationRequestIds: [...n.attestationRequestIds],
      status: n.status,
      attempts: n.attempts,
      lastError: n.lastError,
      relayedAt: n.relayedAt,
      sentAt: n.sentAt,
      createdAt: n.createdAt,
      updatedAt: n.updatedAt,
    }),
};
