import type { RecordedEvent } from '../domain/event';

/** The `events` table: written in the transaction of the change it records. */
export abstract class EventLog {
  abstract append(events: readonly RecordedEvent[]): Promise<void>;
}
