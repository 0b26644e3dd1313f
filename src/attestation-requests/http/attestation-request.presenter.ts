import { isoTimestamp, isoTimestampOrNull } from '@lib/http';
import type { AttestationRequest } from '../domain/attestation-request';

/** The contract's Attestation request. The page token's hash and the reminder count stay inside. */
export function presentAttestationRequest(request: AttestationRequest) {
  return {
    id: request.id,
    organization_id: request.organizationId,
    document_id: request.documentId,
    document_revision_id: request.documentRevisionId,
    person_id: request.personId,
    recipient_name: request.recipientName,
    recipient_email: request.recipientEmail,
    requested_attestation_type: request.requestedAttestationType,
    source: request.source,
    status: request.status,
    recipient_message: request.recipientMessage,
    sent_at: isoTimestampOrNull(request.sentAt),
    last_reminded_at: isoTimestampOrNull(request.lastRemindedAt),
    viewed_at: isoTimestampOrNull(request.viewedAt),
    attested_at: isoTimestampOrNull(request.attestedAt),
    canceled_at: isoTimestampOrNull(request.canceledAt),
    expires_at: isoTimestampOrNull(request.expiresAt),
    expired_at: isoTimestampOrNull(request.expiredAt),
    requested_by_user_id: request.requestedByUserId,
    created_at: isoTimestamp(request.createdAt),
    updated_at: isoTimestamp(request.updatedAt),
  };
}
