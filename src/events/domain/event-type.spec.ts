import { isRequestEventType, REQUEST_EVENT_TYPES, TEST_EVENT_TYPE } from './event-type';

describe('the event types', () => {
  it('are the eleven a request records, in the contract’s words', () => {
    expect(REQUEST_EVENT_TYPES).toEqual([
      'attestation_request.created',
      'attestation_request.sent',
      'attestation_request.viewed',
      'attestation_request.attested',
      'attestation_request.canceled',
      'attestation_request.expired',
      'attestation_request.bounced',
      'attestation_request.failed',
      'attestation_request.complained',
      'attestation_request.reminded',
      'attestation_request.declined',
    ]);
    expect(TEST_EVENT_TYPE).toBe('webhook.test');
  });

  it('tells a request’s event type from anything else, the test event included', () => {
    for (const type of REQUEST_EVENT_TYPES) expect(isRequestEventType(type)).toBe(true);
    for (const value of [TEST_EVENT_TYPE, 'attestation_request.', 'ATTESTATION_REQUEST.SENT', '', null, 1, ['x']]) {
      expect(isRequestEventType(value)).toBe(false);
    }
  });
});
