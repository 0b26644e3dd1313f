import { ATTESTATION_REQUEST_STATUSES } from '../../attestation-requests/domain/attestation-request-status';
import * as eventTypes from './event-type';

const { FEED_EVENT_TYPES, isFeedEventType, REQUEST_EVENT_TYPES, RESOURCE_EVENT_TYPES, TEST_EVENT_TYPE } = eventTypes;

describe('the event types', () => {
  it('are the eleven a request records, in the contract’s words: each status, `reminded`, `declined`', () => {
    const happenings = [...ATTESTATION_REQUEST_STATUSES, 'reminded', 'declined'];
    expect(happenings).toHaveLength(11);
    expect(REQUEST_EVENT_TYPES).toEqual(happenings.map((happening) => `attestation_request.${happening}`));
    expect(TEST_EVENT_TYPE).toBe('webhook.test');
  });

  it('are, for people, documents and groups, the sixteen the contract names', () => {
    expect(RESOURCE_EVENT_TYPES).toEqual([
      ...['created', 'updated', 'archived', 'restored'].map((what) => `person.${what}`),
      ...['created', 'updated', 'revision_published', 'archived', 'restored'].map((what) => `document.${what}`),
      ...[
        'created',
        'updated',
        'deleted',
        'members_added',
        'members_removed',
        'documents_added',
        'documents_removed',
      ].map((what) => `group.${what}`),
    ]);
    expect(FEED_EVENT_TYPES).toEqual([...REQUEST_EVENT_TYPES, ...RESOURCE_EVENT_TYPES]);
  });

  it('tell a feed event’s type from anything else, the test event included', () => {
    for (const type of FEED_EVENT_TYPES) expect(isFeedEventType(type)).toBe(true);
    for (const value of [
      TEST_EVENT_TYPE,
      'attestation_request.',
      'ATTESTATION_REQUEST.SENT',
      'person',
      'Person.created',
      '',
      null,
      1,
      ['person.created'],
    ]) {
      expect(isFeedEventType(value)).toBe(false);
    }
  });
});
