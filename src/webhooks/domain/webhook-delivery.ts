export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

/** One attempt at delivering one event to one endpoint: a row of the endpoint's deliveries log. */
export interface WebhookDelivery {
  id: string;
  organizationId: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  /** 1 for the first try. */
  attempt: number;
  status: DeliveryStatus;
  responseStatus: number | null;
  error: string | null;
  durationMs: number | null;
  /** When the attempt was scheduled. */
  createdAt: Date;
  /** When the attempt is due to run. */
  dueAt: Date;
  /** The time of the attempt that follows this failed one; null for the last. */
  nextAttemptAt: Date | null;
}

/** What an attempt's HTTP exchange came to. */
export interface AttemptResult {
  succeeded: boolean;
  responseStatus: number | null;
  error: string | null;
  durationMs: number;
}

/** What the queue needs to carry an attempt: which one, for which endpoint, and when it is due. */
export interface ScheduledAttempt {
  deliveryId: string;
  endpointId: string;
  dueAt: Date;
}
