import { ATTESTATION_REQUEST_STATUSES } from '../../attestation-requests/domain/attestation-request-status';
import { isRequestEventType, REQUEST_EVENT_TYPES, TEST_EVENT_TYPE } from './event-type';

describe('the event types', () => {
  it('are the eleven a request records, in the contract’s words: each status, `reminded`, `declined`', () => {
    const happenings = [...ATTESTATION_REQUEST_STATUSES, 'reminded', 'declined'];
    expect(happenings).toHaveLength(11);
    expect(REQUEST_EVENT_TYPES).toEqual(happenings.map((happening) => `attestation_request.${happening}`));
    expect(TEST_EVENT_TYPE).toBe('webhook.test');
  });

  it('tells a request’s event type from anything else, the test event included', () => {
    for (const type of REQUEST_EVENT_TYPES) expect(isRequestEventType(type)).toBe(true);
    for (const value of [TEST_EVENT_TYPE, 'attestation_request.', 'ATTESTATION_REQUEST.SENT', '', null, 1, ['x']]) {
      expect(isRequestEventType(value)).toBe(false);
    }
  });
});
