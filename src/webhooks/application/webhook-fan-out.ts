import { BeforeApplicationShutdown, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { DetachedWork } from '@lib/core';
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
export class WebhookFanOut extends EventSubscriber implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger('WebhookFanOut');
  private readonly signals = new DetachedWork();

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
    // Not awaited: the request that made the change does not wait for the queue.
    await this.unitOfWork.afterCommit(() =>
      this.signals.start(
        () => this.queue.add([FAN_OUT_SIGNAL]),
        (error) => this.logger.warn(`webhook fan-out left for the periodic pass: ${(error as Error).message}`),
      ),
    );
  }

  /** Signals in flight reach the queue before its connection closes (graceful shutdown, the admin CLI's exit). */
  beforeApplicationShutdown(): Promise<void> {
    return this.signals.settled();
  }
}
