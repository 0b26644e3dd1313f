import { jsonObjectSql, jsonValueSql } from '@lib/persistence';
import { requestSnapshot, RequestSnapshot } from '../application/request-snapshot';

/** The JSON text of some of a snapshot's fields, as SQL a statement already has for all its rows. */
export type KnownFields = Partial<Record<keyof RequestSnapshot, string>>;

/**
 * The SQL of `requestSnapshot.of(request)` as compact JSON text, for a row of attestation_requests aliased `alias`:
 * each field from the column of its name, in the snapshot's order; a field in `known` from that SQL instead (a
 * statement that issues thousands of requests at one instant passes their times, so that no row formats a date).
 */
export function requestSnapshotSql(alias: string, known: KnownFields = {}): string {
  return jsonObjectSql(
    Object.entries(requestSnapshot.fields).map(([name, kind]) => [
      name,
      known[name as keyof RequestSnapshot] ?? jsonValueSql(kind, `${alias}.${name}`),
    ]),
  );
}

/**
 * The SQL twin of the `attestation_request.created` event that `eventsOf(request, [issued])` records, for a row a
 * statement just issued: the body `recordEvent` writes (`{"id","type","timestamp","data"}`), byte for byte, so a
 * statement can record the events of the requests it inserts. `eventId` and `timestamp` are SQL, the id and the
 * JSON text of the instant.
 */
export function issuedEventBodySql(input: {
  alias: string;
  eventId: string;
  timestamp: string;
  known?: KnownFields;
}): string {
  return jsonObjectSql([
    ['id', jsonValueSql('id', input.eventId)],
    ['type', `'"attestation_request.created"'`],
    ['timestamp', input.timestamp],
    ['data', requestSnapshotSql(input.alias, input.known)],
  ]);
}
