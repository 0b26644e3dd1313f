import { Injectable } from '@nestjs/common';
import { ListRequestEvents } from '../../events/application/list-request-events.use-case';
import { RequestEventHistory } from '../application/request-event-history';
import type { EvidenceEvent } from '../domain/attestation-evidence';

/** The event log's own listing of a request's events, so the evidence shows exactly what that endpoint shows. */
@Injectable()
export class EventLogHistory extends RequestEventHistory {
  constructor(private readonly listRequestEvents: ListRequestEvents) {
    super();
  }

  of(organizationId: string, attestationRequestId: string): Promise<EvidenceEvent[]> {
    return this.listRequestEvents.execute({ organizationId, attestationRequestId });
  }
}
