import type { AttestationRequest } from '../domain/attestation-request';

const iso = (date: Date | null): string | null => (date === null ? null : date.toISOString());

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
    sent_at: iso(request.sentAt),
    last_reminded_at: iso(request.lastRemindedAt),
    viewed_at: iso(request.viewedAt),
    attested_at: iso(request.attestedAt),
    canceled_at: iso(request.canceledAt),
    expires_at: iso(request.expiresAt),
    expired_at: iso(request.expiredAt),
    requested_by_user_id: request.requestedByUserId,
    created_at: request.createdAt.toISOString(),
    updated_at: request.updatedAt.toISOString(),
  };
}
