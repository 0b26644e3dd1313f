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

/** A timestamptz column as `Date.prototype.toISOString` writes it (milliseconds, UTC, `Z`). */
const isoSql = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The SQL twin of `eventsOf(request, [issued])` for a row of attestation_requests (aliased `alias`) a statement
 * just issued: the `attestation_request.created` event's body, byte for byte what `recordEvent` writes (compact
 * JSON, the presenter's fields in its order), so a statement can record the events of thousands of requests it
 * inserts. `eventId` is the SQL expression of the event's id.
 */
export function createdEventBodySql(alias: string, eventId: string): string {
  const a = (column: string) => `${alias}.${column}`;
  const data = [
    'id',
    'organization_id',
    'document_id',
    'document_revision_id',
    'person_id',
    'recipient_name',
    'recipient_email',
    'requested_attestation_type',
    'source',
    'status',
    'recipient_message',
    ...['sent_at', 'last_reminded_at', 'viewed_at', 'attested_at', 'canceled_at', 'expires_at', 'expired_at'].map(
      (column) => `${isoSql(a(column))} AS ${column}`,
    ),
    'requested_by_user_id',
    `${isoSql(a('created_at'))} AS created_at`,
    `${isoSql(a('updated_at'))} AS updated_at`,
  ].map((column) => (column.includes(' AS ') ? column : `${a(column)} AS ${column}`));
  return `(SELECT row_to_json(e)::text FROM (
            SELECT ${eventId} AS id, 'attestation_request.created' AS type, ${isoSql(a('created_at'))} AS timestamp,
                   (SELECT row_to_json(d) FROM (SELECT ${data.join(', ')}) d) AS data
          ) e)`;
}
