import { DynamicModule, Module } from '@nestjs/common';
import { AttestationRequestsModule } from '../attestation-requests/attestation-requests.module';
import { RequestLifecycleModule } from '../attestation-requests/request-lifecycle.module';
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

/**
 * The delivering side: loaded by the worker, and by the API itself in the embedded mode (no Redis), where the
 * API process sends the emails. The request lifecycle's scheduled passes (expiry, reminders, renewal) run
 * alongside, since they write the emails this side delivers.
 */
@Module({})
export class NotificationWorkerModule {
  static forRoot(settings: Partial<NotificationWorkerSettings> = {}): DynamicModule {
    const effective = { ...DEFAULT_WORKER_SETTINGS, ...settings };
    return {
      module: NotificationWorkerModule,
      imports: [
        NotificationsModule,
        AttestationRequestsModule,
        RequestLifecycleModule.forRoot({ intervalMs: effective.lifecycleIntervalMs }),
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
