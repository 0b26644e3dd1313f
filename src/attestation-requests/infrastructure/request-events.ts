import { newId } from '@lib/core';
import { recordEvent, RecordedEvent } from '../../events/domain/event';
import type { RequestEventType } from '../../events/domain/event-type';
import type { AttestationRequest, RequestChange } from '../domain/attestation-request';
import { presentAttestationRequest } from '../http/attestation-request.presenter';

/** The event a change records (EXTENSIONS.md §2): created, the new status, or reminded. */
function typeOf(change: RequestChange): RequestEventType {
  switch (change.type) {
    case 'issued':
      return 'attestation_request.created';
    case 'reminded':
      return 'attestation_request.reminded';
    case 'status_changed':
      return `attestation_request.${change.to}` as RequestEventType;
  }
}

/**
 * The events of the changes a request recorded, in their order, each carrying the request as the API shows it as
 * it is written (the `data` of every event of one write is that same view).
 */
export function eventsOf(request: AttestationRequest, changes: readonly RequestChange[]): RecordedEvent[] {
  if (changes.length === 0) return [];
  const data = presentAttestationRequest(request);
  return changes.map((change) =>
    recordEvent({
      id: newId(),
      organizationId: request.organizationId,
      attestationRequestId: request.id,
      type: typeOf(change),
      timestamp: change.at,
      data,
    }),
  );
}
