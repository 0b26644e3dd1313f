import type { Abstract, Provider } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import type { OutboxQueue, QueueDefinition } from './application/outbox-queue';
import { BullmqOutboxQueue } from './infrastructure/bullmq-outbox-queue';
import { InProcessOutboxQueue } from './infrastructure/in-process-outbox-queue';

/** An outbox's queue under its own DI token: BullMQ when REDIS_URL is set, in this process's memory otherwise. */
export function outboxQueueProvider<Data>(token: Abstract<OutboxQueue<Data>>, definition: QueueDefinition): Provider {
  return {
    provide: token,
    inject: [AppConfig],
    useFactory: (config: AppConfig): OutboxQueue<Data> =>
      config.redisUrl ? new BullmqOutboxQueue<Data>(config, definition) : new InProcessOutboxQueue<Data>(definition),
  };
}
