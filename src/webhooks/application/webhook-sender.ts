import type { AttemptResult } from '../domain/webhook-delivery';

export interface OutgoingWebhook {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** false: the host's resolved addresses must be public (checked at connection time, so DNS cannot route around). */
  allowPrivateNetworks: boolean;
}

/** Makes one POST, never following a redirect; a 2xx answer within the timeout is a success. */
export abstract class WebhookSender {
  abstract send(webhook: OutgoingWebhook): Promise<AttemptResult>;
}
