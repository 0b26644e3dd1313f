export interface OutgoingEmail {
  to: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
  /** The same for every attempt at one notification, so a receiver can tell a duplicate. */
  messageId: string;
}

/** Sends an email. Throws PermanentDeliveryError when the server refuses the recipient for good. */
export abstract class Mailer {
  abstract send(email: OutgoingEmail): Promise<void>;
}
