/** The transaction holding the event log's watermark back: in progress in this database, the oldest that has written. */
export interface BlockingTransaction {
  pid: number;
  applicationName: string;
  xactStart: Date;
  state: string | null;
}

export interface WatermarkLag {
  /** How long the watermark has been held back (the blocking transaction's age); 0 when nothing holds it. */
  seconds: number;
  blocking: BlockingTransaction | null;
}

/**
 * Reads what holds the event log back. The feed and the webhooks' fan-out show an event only once no transaction
 * that could still write an earlier one is open, so one transaction left open stalls them for every organization.
 */
export abstract class EventLogLag {
  abstract read(): Promise<WatermarkLag>;
}
