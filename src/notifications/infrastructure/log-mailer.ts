import { Injectable, Logger } from '@nestjs/common';
import { Mailer, OutgoingEmail } from '../application/mailer';

/**
 * Without SMTP_URL (local runs) emails are written to the log instead of sent, links included, so the
 * attestation pages can still be opened.
 */
@Injectable()
export class LogMailer extends Mailer {
  private readonly logger = new Logger('Mail');

  async send(email: OutgoingEmail): Promise<void> {
    this.logger.log(
      { to: email.to.address, subject: email.subject, messageId: email.messageId, text: email.text },
      `email not sent (no SMTP_URL): "${email.subject}" to ${email.to.address}`,
    );
  }
}
