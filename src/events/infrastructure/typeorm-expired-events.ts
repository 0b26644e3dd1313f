import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { activeManager } from '../../database/typeorm-unit-of-work';
import { ExpiredEvents } from '../application/expired-events';
import { TEST_EVENT_TYPE } from '../domain/event-type';
import { inFeed } from './in-feed.sql';

/** Organizations whose oldest feed events are looked at in one batch. */
const ORGANIZATIONS_PER_BATCH = 5;

/**
 * Feed events go as a prefix of each organization's feed order, (transaction_id, id) on the feed's index: those
 * before its first event recorded since `before`. Removing by age alone could take an old event that a transaction
 * committed after a newer one, which lies after a kept cursor: a client polling from there would miss it. The webhook
 * test, which is in no feed, goes by age. Webhook attempts go with their event (ON DELETE CASCADE).
 */
@Injectable()
export class TypeormExpiredEvents extends ExpiredEvents {
  constructor(@InjectDataSource() private readonly db: DataSource) {
    super();
  }

  async remove(before: Date, limit: number): Promise<number> {
    const [, fromFeed]: [unknown[], number] = await activeManager(this.db).query(
      `WITH behind AS (
         SELECT o.id FROM organizations o
          WHERE (SELECT ev.created_at FROM events ev
                  WHERE ev.organization_id = o.id AND ${inFeed('ev')}
                  ORDER BY ev.transaction_id, ev.id LIMIT 1) < $1
          LIMIT ${ORGANIZATIONS_PER_BATCH}),
       doomed AS (
         SELECT p.id FROM behind o
          CROSS JOIN LATERAL (
            SELECT first.id, bool_or(first.created_at >= $1) OVER (ORDER BY first.transaction_id, first.id) AS kept
              FROM (SELECT ev.id, ev.created_at, ev.transaction_id FROM events ev
                     WHERE ev.organization_id = o.id AND ${inFeed('ev')}
                     ORDER BY ev.transaction_id, ev.id LIMIT $2) AS first) AS p
          WHERE NOT p.kept
          LIMIT $2)
       DELETE FROM events WHERE id IN (SELECT id FROM doomed)`,
      [before, limit],
    );
    if (fromFeed >= limit) return fromFeed;
    const [, others]: [unknown[], number] = await activeManager(this.db).query(
      `DELETE FROM events WHERE id IN (
         SELECT id FROM events WHERE created_at < $1 AND type = $3
          ORDER BY created_at LIMIT $2)`,
      [before, limit - fromFeed, TEST_EVENT_TYPE],
    );
    return fromFeed + others;
  }
}
