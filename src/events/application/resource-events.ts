import { Injectable } from '@nestjs/common';
import { Clock, newId } from '@lib/core';
import { recordEvent } from '../domain/event';
import type { ResourceEventType } from '../domain/event-type';
import { EventRecorder } from './event-recorder';

/**
 * What people, documents and groups record when they change: one event, in the transaction of the change (callers
 * run inside their unit of work), in the same feed and to the same webhooks as the requests' events. `data` is the
 * resource as the API shows it, built by its module's snapshot.
 */
@Injectable()
export class ResourceEvents {
  constructor(
    private readonly recorder: EventRecorder,
    private readonly clock: Clock,
  ) {}

  async record(organizationId: string, type: ResourceEventType, data: object): Promise<void> {
    await this.recorder.record([
      recordEvent({ id: newId(), organizationId, attestationRequestId: null, type, timestamp: this.clock.now(), data }),
    ]);
  }
}
