import { recordEvent } from './event';

describe('recordEvent', () => {
  it('serialises the event once as {id, type, timestamp, data}, the timestamp in ISO 8601', () => {
    const timestamp = new Date('2026-11-22T10:00:00.123Z');
    const event = recordEvent({
      id: 'evt',
      organizationId: 'o',
      attestationRequestId: 'r',
      type: 'attestation_request.sent',
      timestamp,
      data: { id: 'r', status: 'sent' },
    });
    expect(event).toEqual({
      id: 'evt',
      organizationId: 'o',
      attestationRequestId: 'r',
      type: 'attestation_request.sent',
      timestamp,
      body: '{"id":"evt","type":"attestation_request.sent","timestamp":"2026-11-22T10:00:00.123Z","data":{"id":"r","status":"sent"}}',
    });
  });
});
