import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { UnitOfWork } from '../../database/unit-of-work';
import { EventRecorder, EventSubscriber, RecordedEventHeader } from '../../events/application/event-recorder';
import { FAN_OUT_SIGNAL, WebhookQueue } from './webhook-queue';

/**
 * Webhooks as a subscriber of the event log. The transaction that records events writes nothing for webhooks: the
 * events are the outbox. Once it commits, the delivering process is signalled to fan them out (FanOutEvents), so
 * the change's transaction costs the same whatever the number of endpoints. A lost signal (queue down, crash) only
 * delays the events to the delivering process's periodic pass: none is lost.
 */
@Injectable()
export class WebhookFanOut extends EventSubscriber implements OnModuleInit {
  private readonly logger = new Logger('WebhookFanOut');

  constructor(
    private readonly recorder: EventRecorder,
    private readonly unitOfWork: UnitOfWork,
    private readonly queue: WebhookQueue,
  ) {
    super();
  }

  onModuleInit(): void {
    this.recorder.subscribe(this);
  }

  async onRecorded(events: readonly RecordedEventHeader[]): Promise<void> {
    if (events.length === 0) return;
    // Without a consumer in reach (the admin CLI without Redis), the delivering process's periodic pass fans out.
    if (!this.queue.hasConsumer) return;
    await this.unitOfWork.afterCommit(() => {
      // Not awaited: the request that made the change does not wait for the queue.
      this.queue.add([FAN_OUT_SIGNAL]).catch((error: unknown) => {
        this.logger.warn(`webhook fan-out left for the periodic pass: ${(error as Error).message}`);
      });
    });
  }
}
