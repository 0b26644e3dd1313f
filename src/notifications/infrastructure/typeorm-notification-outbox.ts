import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { activeManager } from '../../database/typeorm-unit-of-work';
import { NotificationOutbox } from '../application/notification-outbox';
import type { Notification } from '../domain/notification';
import { notificationMapper } from './notification.mapper';
import { NotificationRecord } from './notification.record';

/** A lock held past this means a stuck deliverer; failing the wait lets the job retry later. */
const LOCK_TIMEOUT = '60s';

@Injectable()
export class TypeormNotificationOutbox extends NotificationOutbox {
  constructor(@InjectDataSource() private readonly db: DataSource) {
    super();
  }

  async addMany(notifications: readonly Notification[]): Promise<void> {
    if (notifications.length === 0) return;
    await activeManager(this.db).query(
      `INSERT INTO notifications
         (id, organization_id, person_id, console_link_id, kind, attestation_request_ids, status, attempts,
          created_at, updated_at)
       SELECT n.id, n.organization_id, n.person_id, n.console_link_id, n.kind,
              string_to_array(n.request_ids, ',')::ulid[], 'pending', 0, n.created_at, n.created_at
         FROM unnest($1::varchar[], $2::varchar[], $3::varchar[], $4::varchar[], $5::text[], $6::timestamptz[],
                     $7::varchar[])
           AS n (id, organization_id, person_id, kind, request_ids, created_at, console_link_id)`,
      [
        notifications.map((n) => n.id),
        notifications.map((n) => n.organizationId),
        notifications.map((n) => n.personId),
        notifications.map((n) => n.kind),
        notifications.map((n) => n.attestationRequestIds.join(',')),
        notifications.map((n) => n.createdAt.toISOString()),
        notifications.map((n) => n.consoleLinkId),
      ],
    );
  }

  async requestsAnnouncedSince(notification: Notification): Promise<Set<string>> {
    const rows: { id: string }[] = await activeManager(this.db).query(
      `SELECT DISTINCT announced.id
         FROM notifications newer CROSS JOIN LATERAL unnest(newer.attestation_request_ids::varchar[]) AS announced (id)
        WHERE newer.person_id = $1 AND newer.id > $2 AND announced.id = ANY($3::varchar[])`,
      [notification.personId, notification.id, [...notification.attestationRequestIds]],
    );
    return new Set(rows.map((row) => row.id));
  }

  async lockForDelivery(id: string): Promise<Notification | null> {
    const manager = activeManager(this.db);
    await manager.query(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`);
    const record = await manager
      .createQueryBuilder(NotificationRecord, 'notification')
      .where('notification.id = :id', { id })
      .setLock('pessimistic_write')
      .getOne();
    return record ? notificationMapper.toDomain(record) : null;
  }

  /** What a notification announces never changes; only its delivery state is written. */
  async save(notification: Notification): Promise<void> {
    await activeManager(this.db).update(
      NotificationRecord,
      { id: notification.id },
      {
        status: notification.status,
        attempts: notification.attempts,
        lastError: notification.lastError,
        relayedAt: notification.relayedAt,
        sentAt: notification.sentAt,
        updatedAt: notification.updatedAt,
      },
    );
  }

  async findRelayable(input: { unrelayedBefore: Date; staleBefore: Date; limit: number }): Promise<string[]> {
    const rows: { id: string }[] = await activeManager(this.db).query(
      `SELECT id FROM notifications
        WHERE status = 'pending'
          AND ((relayed_at IS NULL AND created_at < $1) OR updated_at < $2)
        ORDER BY created_at
        LIMIT $3`,
      [input.unrelayedBefore, input.staleBefore, input.limit],
    );
    return rows.map((row) => row.id);
  }

  async markRelayed(ids: readonly string[], now: Date): Promise<void> {
    if (ids.length === 0) return;
    // Rows a deliverer holds are being sent right now; they need no mark and must not make the relay wait.
    await activeManager(this.db).query(
      `UPDATE notifications SET relayed_at = $2, updated_at = $2
        WHERE id IN (SELECT id FROM notifications WHERE id = ANY($1) AND status = 'pending' FOR UPDATE SKIP LOCKED)`,
      [[...ids], now],
    );
  }
}
