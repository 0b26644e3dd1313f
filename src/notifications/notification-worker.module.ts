import { DynamicModule, Module, ModuleMetadata } from '@nestjs/common';
import { DeliverNotification } from './application/deliver-notification.use-case';
import { NotificationDetails } from './application/notification-details';
import {
  DEFAULT_WORKER_SETTINGS,
  NOTIFICATION_WORKER_SETTINGS,
  NotificationConsumer,
  NotificationWorkerSettings,
} from './notification-consumer';
import { NotificationsModule } from './notifications.module';
import { TypeormNotificationDetails } from './infrastructure/typeorm-notification-details';

export interface NotificationWorkerOptions {
  settings?: Partial<NotificationWorkerSettings>;
  /**
   * The module that exports the AnnouncedRequests port. The composition root names it (attestation requests
   * implement it), so this module never imports its producer.
   */
  announcedRequests: NonNullable<ModuleMetadata['imports']>[number];
  /** The module that exports the ConsoleLinkEmails port (the console's sign-in), named the same way. */
  consoleLinkEmails?: NonNullable<ModuleMetadata['imports']>[number];
  /** The module that exports the SignedCopies port (the evidence, which draws certificates), named the same way. */
  signedCopies?: NonNullable<ModuleMetadata['imports']>[number];
}

/**
 * The delivering side: loaded by the worker, and by the API itself in the embedded mode (no Redis), where the
 * API process sends the emails.
 */
@Module({})
export class NotificationWorkerModule {
  static forRoot(options: NotificationWorkerOptions): DynamicModule {
    const effective = { ...DEFAULT_WORKER_SETTINGS, ...options.settings };
    return {
      module: NotificationWorkerModule,
      imports: [
        NotificationsModule,
        options.announcedRequests,
        ...(options.consoleLinkEmails ? [options.consoleLinkEmails] : []),
        ...(options.signedCopies ? [options.signedCopies] : []),
      ],
      providers: [
        { provide: NOTIFICATION_WORKER_SETTINGS, useValue: effective },
        { provide: NotificationDetails, useClass: TypeormNotificationDetails },
        DeliverNotification,
        NotificationConsumer,
      ],
      exports: [DeliverNotification],
    };
  }
}
