/** A request as its email shows it. */
export interface AnnouncedRequest {
  id: string;
  documentId: string;
  recipientName: string;
  recipientEmail: string;
  /** The sender's words, shown when the email is about this request alone. */
  recipientMessage: string | null;
}

export type DeliveryProblem = 'bounced' | 'failed';

/**
 * What delivering an email needs from the requests it announces; attestation requests implement it. The worker
 * delivers for every organization, so these methods are deliberately not scoped to one (hence "for delivery").
 */
export abstract class AnnouncedRequests {
  /** The ones of `ids` still open (read without locks: they are re-read, locked, when the outcome is recorded). */
  abstract findOpenForDelivery(ids: readonly string[]): Promise<AnnouncedRequest[]>;
  /** Where the recipient signs the request. */
  abstract pageUrlFor(requestId: string): string;
  /** The email was accepted: those of the requests with a delivery problem return to `sent`. */
  abstract recordDelivery(ids: readonly string[], now: Date): Promise<void>;
  /** The email was refused for good or gave up: those of the requests that may take the problem take it. */
  abstract recordDeliveryProblem(ids: readonly string[], problem: DeliveryProblem, now: Date): Promise<void>;
}
