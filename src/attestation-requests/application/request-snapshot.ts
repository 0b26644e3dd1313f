import { defineSnapshot, Snapshot } from '../../events/application/snapshot';
import type { AttestationRequest } from '../domain/attestation-request';

/**
 * The contract's Attestation request, field by field, in the order it is written: what the API answers, what every
 * event of a request carries, and what the set-based issue writes in SQL (request-event.sql.ts). A field added here
 * is in all three. The page token's hash and the reminder count stay inside.
 */
export const requestSnapshot = defineSnapshot<AttestationRequest>()({
  id: 'id',
  organization_id: 'id',
  document_id: 'id',
  document_revision_id: 'id',
  person_id: 'id',
  recipient_name: 'text',
  recipient_email: 'text',
  requested_attestation_type: 'text',
  source: 'text',
  status: 'text',
  recipient_message: 'text',
  delivery: 'text',
  sent_at: 'time',
  last_reminded_at: 'time',
  viewed_at: 'time',
  attested_at: 'time',
  canceled_at: 'time',
  cancel_reason: 'text',
  expires_at: 'time',
  expired_at: 'time',
  requested_by_user_id: 'id',
  created_at: 'time',
  updated_at: 'time',
});

export type RequestSnapshot = Snapshot<AttestationRequest, typeof requestSnapshot.fields>;
