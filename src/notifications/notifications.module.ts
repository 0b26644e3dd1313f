import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../config/app-config';
import { AnnounceRequests } from './application/announce-requests';
import { MeteredMailer } from './infrastructure/metered-mailer';
import { Metrics } from '../metrics/metrics';
import { Mailer } from './application/mailer';
import { NotificationOutbox } from './application/notification-outbox';
import { NOTIFICATION_QUEUE, NotificationQueue } from './application/notification-queue';
import { RelayNotifications } from './application/relay-notifications.use-case';
import { RelayStaleNotifications } from './application/relay-stale-notifications.use-case';
import { SendConsoleLink } from './application/send-console-link';
import { LogMailer } from './infrastructure/log-mailer';
import { SmtpMailer } from './infrastructure/smtp-mailer';
import { TypeormNotificationOutbox } from './infrastructure/typeorm-notification-outbox';
import { NotificationRecord } from './infrastructure/notification.record';
import { outboxQueueProvider } from '../outbox/outbox-queue.provider';

/**
 * The email outbox and its queue, shared by the API (which writes and relays) and the worker (which delivers).
 * Producers announce through AnnounceRequests, which relays after commit.
 * The queue is BullMQ when REDIS_URL is set, in-process otherwise; the mailer is SMTP when SMTP_URL is set,
 * the log otherwise.
 */
@Module({
  imports: [TypeOrmModule.forFeature([NotificationRecord])],
  providers: [
    { provide: NotificationOutbox, useClass: TypeormNotificationOutbox },
    outboxQueueProvider(NotificationQueue, NOTIFICATION_QUEUE),
    {
      provide: Mailer,
      inject: [AppConfig, Metrics],
      useFactory: (config: AppConfig, metrics: Metrics) =>
        new MeteredMailer(config.smtpUrl ? new SmtpMailer(config) : new LogMailer(), metrics),
    },
    RelayNotifications,
    RelayStaleNotifications,
    AnnounceRequests,
    SendConsoleLink,
  ],
  exports: [
    NotificationOutbox,
    NotificationQueue,
    Mailer,
    RelayNotifications,
    RelayStaleNotifications,
    AnnounceRequests,
    SendConsoleLink,
  ],
})
export class NotificationsModule {}
