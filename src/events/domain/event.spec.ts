import { isRequestEventType, REQUEST_EVENT_TYPES, TEST_EVENT_TYPE } from './event-type';
import { recordEvent } from './event';

describe('event types', () => {
  it('know the request event types, and nothing else', () => {
    expect(REQUEST_EVENT_TYPES.every(isRequestEventType)).toBe(true);
    expect(TEST_EVENT_TYPE).toBe('webhook.test');
    for (const value of [
      TEST_EVENT_TYPE,
      'attestation_request',
      'attestation_request.SENT',
      '',
      null,
      1,
      ['attestation_request.sent'],
    ]) {
      expect(isRequestEventType(value)).toBe(false);
    }
  });
});

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
