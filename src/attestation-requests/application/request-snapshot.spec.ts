import { anAttestationRequest, TEST_IDS, TEST_NOW } from '../../../test/support/builders';
import { requestSnapshot } from './request-snapshot';

describe('requestSnapshot', () => {
  it('is the contract’s Attestation request, its fields in the contract’s order', () => {
    const viewedAt = new Date('2026-11-23T08:09:10.011Z');
    const request = anAttestationRequest({
      status: 'viewed',
      viewedAt,
      recipientMessage: 'Please sign',
      requestedByUserId: TEST_IDS.user,
      reminderCount: 2,
    });
    const snapshot = requestSnapshot.of(request);
    // An object, not a string: toEqual would not see the order, JSON.stringify does.
    expect(JSON.stringify(snapshot)).toBe(
      JSON.stringify({
        id: TEST_IDS.request,
        organization_id: TEST_IDS.organization,
        document_id: TEST_IDS.document,
        document_revision_id: TEST_IDS.revision,
        person_id: TEST_IDS.person,
        recipient_name: 'Ada Lovelace',
        recipient_email: 'ada@example.test',
        requested_attestation_type: 'signature',
        source: 'oauth',
        status: 'viewed',
        recipient_message: 'Please sign',
        delivery: 'email',
        sent_at: TEST_NOW.toISOString(),
        last_reminded_at: null,
        viewed_at: viewedAt.toISOString(),
        attested_at: null,
        canceled_at: null,
        cancel_reason: null,
        expires_at: null,
        expired_at: null,
        requested_by_user_id: TEST_IDS.user,
        created_at: TEST_NOW.toISOString(),
        updated_at: TEST_NOW.toISOString(),
      }),
    );
  });

  it('reads the request as it is now, each time', () => {
    const request = anAttestationRequest({ status: 'sent' });
    const before = requestSnapshot.of(request);
    request.markViewed(new Date('2026-11-23T00:00:00.000Z'));
    expect(before.status).toBe('sent');
    expect(requestSnapshot.of(request)).toMatchObject({ status: 'viewed', viewed_at: '2026-11-23T00:00:00.000Z' });
  });
});
