import type { OutgoingEmail } from './mailer';

/**
 * What delivering a console link's email needs; the sign-in module implements it. The email is written when it
 * is sent (the link's secret is rebuilt from its id, never stored); null when the link was used or has expired
 * meanwhile, so there is nothing left to send.
 */
export abstract class ConsoleLinkEmails {
  abstract composeForDelivery(linkId: string, messageId: string): Promise<OutgoingEmail | null>;
}
