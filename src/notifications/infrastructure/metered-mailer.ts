import { OnApplicationShutdown } from '@nestjs/common';
import { Mailer, OutgoingEmail } from '../application/mailer';
import { PermanentDeliveryError } from '../application/permanent-delivery.error';
import { Metrics } from '../../metrics/metrics';

/** Counts what the mail server made of each email: accepted, refused for good (bounced), or failed for now. */
export class MeteredMailer extends Mailer implements OnApplicationShutdown {
  constructor(
    private readonly inner: Mailer,
    private readonly metrics: Metrics,
  ) {
    super();
  }

  async send(email: OutgoingEmail): Promise<void> {
    try {
      await this.inner.send(email);
      this.metrics.countEmail('sent');
    } catch (error) {
      this.metrics.countEmail(error instanceof PermanentDeliveryError ? 'bounced' : 'failed');
      throw error;
    }
  }

  /** Nest calls the hooks of the provider it holds, this wrapper: the SMTP pool must still be closed. */
  async onApplicationShutdown(signal?: string): Promise<void> {
    await (this.inner as Partial<OnApplicationShutdown>).onApplicationShutdown?.(signal);
  }
}
