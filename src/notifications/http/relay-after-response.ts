import { Injectable, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { RelayNotifications } from '../application/relay-notifications.use-case';

/**
 * Relays committed notifications to the queue once the response has gone out, so a slow or unreachable Redis
 * never delays or fails the answer. A failure is only logged: the rows stay pending and the periodic relay
 * hands them over when the queue is back.
 */
@Injectable()
export class RelayAfterResponse {
  private readonly logger = new Logger('RelayAfterResponse');

  constructor(private readonly relay: RelayNotifications) {}

  schedule(response: Response, notificationIds: readonly string[]): void {
    if (notificationIds.length === 0) return;
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      this.relay.execute(notificationIds).catch((error: unknown) => {
        this.logger.warn(`notifications left for the periodic relay: ${(error as Error).message}`);
      });
    };
    response.once('finish', start);
    // A client that hangs up early still gets its emails.
    response.once('close', start);
  }
}
