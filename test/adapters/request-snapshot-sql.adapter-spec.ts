import fc from 'fast-check';
import { eventsOf } from '../../src/attestation-requests/application/request-events';
import { requestSnapshot } from '../../src/attestation-requests/application/request-snapshot';
import { ATTESTATION_REQUEST_STATUSES } from '../../src/attestation-requests/domain/attestation-request-status';
import {
  AttestationRequest,
  CANCEL_REASONS,
  REQUEST_DELIVERIES,
  REQUEST_SOURCES,
} from '../../src/attestation-requests/domain/attestation-request';
import {
  issuedEventBodySql,
  requestSnapshotSql,
} from '../../src/attestation-requests/infrastructure/request-event.sql';
import { anIssuedRequest } from '../support/builders';
import { useTestDatabaseClient } from '../support/test-database';

const ulid = fc.stringMatching(/^[0-7][0-9a-hjkmnp-tv-z]{25}$/);
/** Any text PostgreSQL stores: quotes, backslashes, controls, astral characters; no NUL, no lone surrogate. */
const text = fc.string({ unit: 'grapheme', maxLength: 40 }).filter((s) => !s.includes('\u0000'));
const time = fc.date({
  min: new Date('0001-01-01T00:00:00.000Z'),
  max: new Date('9999-12-31T23:59:59.999Z'),
  noInvalidDate: true,
});
const orNull = <T>(value: fc.Arbitrary<T>) => fc.option(value, { nil: null });

const aRequest = fc
  .record({
    id: ulid,
    organizationId: ulid,
    documentId: ulid,
    documentRevisionId: ulid,
    personId: ulid,
    recipientName: text,
    recipientEmail: text,
    requestedAttestationType: fc.constantFrom('acknowledgment' as const, 'signature' as const),
    source: fc.constantFrom(...REQUEST_SOURCES),
    status: fc.constantFrom(...ATTESTATION_REQUEST_STATUSES),
    recipientMessage: orNull(text),
    delivery: fc.constantFrom(...REQUEST_DELIVERIES),
    accessTokenHash: orNull(text),
    sentAt: orNull(time),
    lastRemindedAt: orNull(time),
    reminderCount: fc.nat({ max: 9 }),
    viewedAt: orNull(time),
    attestedAt: orNull(time),
    canceledAt: orNull(time),
    cancelReason: orNull(fc.constantFrom(...CANCEL_REASONS)),
    declineReason: orNull(text),
    expiresAt: orNull(time),
    expiredAt: orNull(time),
    requestedByUserId: orNull(ulid),
    createdAt: time,
    updatedAt: time,
  })
  .map((props) => AttestationRequest.restore(props));

/** The request as a row of attestation_requests: its columns are the snake-case names of its properties. */
function rowOf(request: AttestationRequest): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(request.toSnapshot()).map(([name, value]) => [
      name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
      value,
    ]),
  );
}

/**
 * The SQL side of the request snapshot (what a set-based issue writes into the events it records) against the
 * snapshot this process writes: the same bytes, for any request, in any session time zone.
 */
describe('the request snapshot written in SQL', () => {
  const database = useTestDatabaseClient();

  /** Each request read as a row of the table's own type, and its snapshot written by `sql` of that row `r`. */
  async function writtenInSql(requests: readonly AttestationRequest[], sql: string, params: unknown[] = []) {
    const { rows } = await database.client.query<{ body: string }>(
      `SELECT ${sql} AS body
         FROM jsonb_populate_recordset(NULL::attestation_requests, $1::jsonb) WITH ORDINALITY AS r
        ORDER BY r.ordinality`,
      [JSON.stringify(requests.map(rowOf)), ...params],
    );
    return rows.map((row) => row.body);
  }

  it('is byte for byte the snapshot of each request (property)', async () => {
    for (const zone of ['UTC', 'Pacific/Chatham']) {
      await database.client.query(`SET TIME ZONE '${zone}'`);
      await fc.assert(
        fc.asyncProperty(fc.array(aRequest, { minLength: 1, maxLength: 20 }), async (requests) => {
          const expected = requests.map((request) => JSON.stringify(requestSnapshot.of(request)));
          expect(await writtenInSql(requests, requestSnapshotSql('r'))).toEqual(expected);
        }),
        { numRuns: 150 },
      );
    }
  });

  it('takes the fields a statement knows from its SQL, the others from the row', async () => {
    const request = AttestationRequest.restore({ ...anIssuedRequest().toSnapshot(), viewedAt: new Date(0) });
    const [body] = await writtenInSql([request], requestSnapshotSql('r', { sent_at: `'"known"'` }));
    expect(JSON.parse(body)).toEqual({
      ...requestSnapshot.of(request),
      sent_at: 'known',
      viewed_at: '1970-01-01T00:00:00.000Z',
    });
  });

  it('writes the created event of an issued request as recording it in this process does', async () => {
    const request = anIssuedRequest({
      recipientName: 'Zoë "Z" \\ O\'Neil\t😀',
      expiresAt: new Date('2026-12-22T10:00:00Z'),
    });
    const [event] = eventsOf(request, request.takeChanges());
    const now = JSON.stringify(event.timestamp.toISOString());
    const [body] = await writtenInSql(
      [request],
      issuedEventBodySql({ alias: 'r', eventId: '$2', timestamp: '$3::text', known: { created_at: '$3::text' } }),
      [event.id, now],
    );
    expect(event.type).toBe('attestation_request.created');
    expect(body).toBe(event.body);
  });
});
