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
 * and has no other time yet: `times` holds the SQL expressions of those two as JSON values (text parameters,
 * `JSON.stringify` of `toISOString`, or `null`), so no row formats or escapes a date. `eventId` is the SQL
 * expression of the event's id.
 * Concatenated rather than built by `row_to_json` of a row per request: a third of the time (some 6 µs a
 * request). Strings are escaped by `to_json`, as `row_to_json` escapes them; ids are ULIDs (the domain's alphabet,
 * nothing to escape).
 */
export function issuedEventBodySql(alias: string, eventId: string, times: { now: string; expiresAt: string }): string {
  const text = (sql: string) => `coalesce(to_json((${sql})::text)::text, 'null')`;
  const id = (sql: string) => `coalesce('"' || (${sql}) || '"', 'null')`;
  const column = (name: string) => `${alias}.${name}`;
  const none = `'null'`;
  const data: [string, string][] = [
    ['id', id(column('id'))],
    ['organization_id', id(column('organization_id'))],
    ['document_id', id(column('document_id'))],
    ['document_revision_id', id(column('document_revision_id'))],
    ['person_id', id(column('person_id'))],
    ['recipient_name', text(column('recipient_name'))],
    ['recipient_email', text(column('recipient_email'))],
    ['requested_attestation_type', text(column('requested_attestation_type'))],
    ['source', text(column('source'))],
    ['status', text(column('status'))],
    ['recipient_message', text(column('recipient_message'))],
    ['sent_at', times.now],
    ['last_reminded_at', none],
    ['viewed_at', none],
    ['attested_at', none],
    ['canceled_at', none],
    ['expires_at', times.expiresAt],
    ['expired_at', none],
    ['requested_by_user_id', id(column('requested_by_user_id'))],
    ['created_at', times.now],
    ['updated_at', times.now],
  ];
  const object = (fields: [string, string][]) =>
    fields.map(([key, value], index) => `'${index === 0 ? '{' : ','}"${key}":' || ${value}`).join(' || ') + ` || '}'`;
  return `(${object([
    ['id', id(eventId)],
    ['type', `'"attestation_request.created"'`],
    ['timestamp', times.now],
    ['data', `(${object(data)})`],
  ])})`;
}
