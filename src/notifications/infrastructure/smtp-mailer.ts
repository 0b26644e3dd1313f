import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import nodemailer, { Transporter } from 'nodemailer';
import { AppConfig } from '../../config/app-config';
import { Mailer, OutgoingEmail } from '../application/mailer';
import { PermanentDeliveryError } from '../application/permanent-delivery.error';

interface SmtpError extends Error {
  responseCode?: number;
  command?: string;
}

/**
 * Sends through the SMTP server of SMTP_URL over a small pool of kept-open connections. Every step is bounded by
 * SMTP_TIMEOUT_MS (connect, greeting, and any silence after): a server that accepts the connection and never
 * answers fails the attempt, which the queue retries, instead of holding a worker slot forever.
 */
@Injectable()
export class SmtpMailer extends Mailer implements OnApplicationShutdown {
  private readonly transport: Transporter;

  constructor(private readonly config: AppConfig) {
    super();
    this.transport = nodemailer.createTransport({
      url: config.smtpUrl,
      pool: true,
      maxConnections: 5,
      connectionTimeout: config.smtpTimeoutMs,
      greetingTimeout: config.smtpTimeoutMs,
      socketTimeout: config.smtpTimeoutMs,
      dnsTimeout: config.smtpTimeoutMs,
    });
  }

  async send(email: OutgoingEmail): Promise<void> {
    try {
      await this.transport.sendMail({
        from: this.config.mailFrom,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        messageId: email.messageId,
        attachments: email.attachments?.map((file) => ({
          filename: file.filename,
          contentType: file.contentType,
          content: Buffer.from(file.content),
        })),
      });
    } catch (error) {
      if (isPermanentRejection(error as SmtpError)) throw new PermanentDeliveryError((error as Error).message);
      throw error;
    }
  }

  onApplicationShutdown(): void {
    this.transport.close();
  }
}

/** A 5xx answer to the recipient or the message: the address or the content is refused for good. */
function isPermanentRejection(error: SmtpError): boolean {
  const code = error.responseCode ?? 0;
  return code >= 500 && code < 600 && (error.command === 'RCPT TO' || error.command === 'DATA');
}
