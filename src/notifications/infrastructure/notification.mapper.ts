import { Notification, NotificationProps } from '../domain/notification';
import { NotificationRecord } from './notification.record';

export const notificationMapper = {
  toDomain: (r: NotificationRecord): Notification =>
    Notification.restore({ ...(r as NotificationProps), attestationRequestIds: idList(r.attestationRequestIds) }),
  toRecord: (n: Notification): NotificationRecord => Object.assign(new NotificationRecord(), n.toSnapshot()),
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
