import { newId } from '@lib/core';
import { recordEvent, RecordedEvent } from '../../events/domain/event';
import type { RequestEventType } from '../../events/domain/event-type';
import type { AttestationRequest, RequestChange } from '../domain/attestation-request';
import { requestSnapshot } from './request-snapshot';

/** The event a change records: created, the new status, or reminded. */
function eventTypeOf(change: RequestChange): RequestEventType {
  switch (change.type) {
    case 'issued':
      return 'attestation_request.created';
    case 'reminded':
      return 'attestation_request.reminded';
    case 'declined':
      return 'attestation_request.declined';
    case 'status_changed':
      return `attestation_request.${change.to}` as RequestEventType;
  }
}

/**
 * The events of the changes a request recorded, in their order, each carrying the request's snapshot as it is
 * written (the `data` of every event of one write is that same snapshot).
 */
export function eventsOf(request: AttestationRequest, changes: readonly RequestChange[]): RecordedEvent[] {
  if (changes.length === 0) return [];
  const data = requestSnapshot.of(request);
  return changes.map((change) =>
    recordEvent({
      id: newId(),
      organizationId: request.organizationId,
      attestationRequestId: request.id,
      type: eventTypeOf(change),
      timestamp: change.at,
      data,
    }),
  );
}
