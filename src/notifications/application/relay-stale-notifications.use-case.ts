import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import { NotificationOutbox } from './notification-outbox';
import { RelayNotifications } from './relay-notifications.use-case';

/** A notification not relayed this long after its commit missed its relay (queue down, process died). */
export const UNRELAYED_GRACE_MS = 5_000;
/** A relayed notification still pending this long after was probably lost by the queue; adding it again is harmless. */
export const RELAYED_STALE_MS = 10 * 60_000;
const BATCH = 500;
/** Rows being delivered right now are skipped and come back; a bound keeps a pass from spinning on them. */
const MAX_BATCHES = 20;

/** The periodic pass that relays what the after-response relay missed. */
@Injectable()
export class RelayStaleNotifications {
  constructor(
    private readonly outbox: NotificationOutbox,
    private readonly relay: RelayNotifications,
    private readonly clock: Clock,
  ) {}

  /** Answers how many notifications were handed to the queue. */
  async execute(): Promise<number> {
    let relayed = 0;
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const now = this.clock.now().getTime();
      const ids = await this.outbox.findRelayable({
        unrelayedBefore: new Date(now - UNRELAYED_GRACE_MS),
        staleBefore: new Date(now - RELAYED_STALE_MS),
        limit: BATCH,
      });
      if (ids.length === 0) return relayed;
      await this.relay.execute(ids);
      relayed += ids.length;
      if (ids.length < BATCH) return relayed;
    }
    return relayed;
  }
}
