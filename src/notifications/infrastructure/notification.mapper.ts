import { Notification, NotificationKind, NotificationStatus } from '../domain/notification';
import { NotificationRecord } from './notification.record';

export const notificationMapper = {
  toDomain: (r: NotificationRecord): Notification =>
    new Notification(
      r.id,
      r.organizationId,
      r.personId,
      r.kind as NotificationKind,
      idList(r.attestationRequestIds),
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

/**
 * The column is an array of the `ulid` domain, a type the pg driver does not parse: it arrives as the literal
 * `{id1,id2}`. ULIDs hold no commas, quotes or braces, so splitting the literal is exact.
 */
function idList(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  return value
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter((id) => id !== '');
}
