import { Injectable } from '@nestjs/common';
import { RelayNotifications } from './relay-notifications.use-case';

/** The periodic pass that relays what the after-commit relay missed; the consumer runs it every few seconds. */
@Injectable()
export class RelayStaleNotifications {
  constructor(private readonly relay: RelayNotifications) {}

  /** Answers how many notifications were handed to the queue. */
  execute(): Promise<number> {
    return this.relay.relayStale();
  }
}
