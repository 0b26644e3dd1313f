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

/**
 * The SQL twin of `eventsOf(request, [issued])` for a row of attestation_requests (aliased `alias`) a statement
 * just issued at `now`: the `attestation_request.created` event's body, byte for byte what `recordEvent` writes
 * (compact JSON, the presenter's fields in its order), so a statement can record the events of thousands of
 * requests it inserts. A request just issued was sent, created and updated at `now`, expires at its `expires_at`
 * and has no other time yet: `times` holds the SQL expressions of those two as `toISOString` writes them (text
 * parameters, so no row formats a date). `eventId` is the SQL expression of the event's id.
 */
export function issuedEventBodySql(alias: string, eventId: string, times: { now: string; expiresAt: string }): string {
  const a = (column: string) => `${alias}.${column} AS ${column}`;
  const none = (column: string) => `NULL::text AS ${column}`;
  const data = [
    a('id'),
    a('organization_id'),
    a('document_id'),
    a('document_revision_id'),
    a('person_id'),
    a('recipient_name'),
    a('recipient_email'),
    a('requested_attestation_type'),
    a('source'),
    a('status'),
    a('recipient_message'),
    `${times.now} AS sent_at`,
    none('last_reminded_at'),
    none('viewed_at'),
    none('attested_at'),
    none('canceled_at'),
    `${times.expiresAt} AS expires_at`,
    none('expired_at'),
    a('requested_by_user_id'),
    `${times.now} AS created_at`,
    `${times.now} AS updated_at`,
  ];
  return `(SELECT row_to_json(e)::text FROM (
            SELECT ${eventId} AS id, 'attestation_request.created' AS type, ${times.now} AS timestamp,
                   (SELECT row_to_json(d) FROM (SELECT ${data.join(', ')}) d) AS data
          ) e)`;
}
