export interface OutgoingEmail {
  to: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
  /** The same for every attempt at one notification, so a receiver can tell a duplicate. */
  messageId: string;
  /** Files sent with it (the signer's certificate). */
  attachments?: { filename: string; contentType: string; content: Uint8Array }[];
}

/** Sends an email. Throws PermanentDeliveryError when the server refuses the recipient for good. */
export abstract class Mailer {
  abstract send(email: OutgoingEmail): Promise<void>;
}
