import { Injectable } from '@nestjs/common';
import type { RecordedEvent } from '../domain/event';
import { EventLog } from './event-log';

/** What subscribers learn of a recorded event (its body is in the log). */
export type RecordedEventHeader = Pick<RecordedEvent, 'id' | 'organizationId' | 'type'>;

/** What reacts to recorded events inside their transaction (webhooks only ask, after commit, for a fan-out). */
export abstract class EventSubscriber {
  abstract onRecorded(events: readonly RecordedEventHeader[]): Promise<void>;
}

/**
 * The one way request events are recorded: appended to the log, then handed to the subscribers, all in the
 * transaction of the change. Subscribers register themselves, so this module knows none of them (webhooks import
 * events, never the other way).
 */
@Injectable()
export class EventRecorder {
  private readonly subscribers: EventSubscriber[] = [];

  constructor(private readonly log: EventLog) {}

  subscribe(subscriber: EventSubscriber): void {
    if (!this.subscribers.includes(subscriber)) this.subscribers.push(subscriber);
  }

  async record(events: readonly RecordedEvent[]): Promise<void> {
    if (events.length === 0) return;
    await this.log.append(events);
    await this.appended(events);
  }

  /**
   * Events a set-based statement appended to the log itself, in this transaction (thousands of requests issued at
   * once): handed to the subscribers as `record` would.
   */
  async appended(events: readonly RecordedEventHeader[]): Promise<void> {
    if (events.length === 0) return;
    for (const subscriber of this.subscribers) await subscriber.onRecorded(events);
  }
}
