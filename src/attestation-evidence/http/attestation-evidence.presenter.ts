import { isoTimestamp, isoTimestampOrNull } from '@lib/http';
import { presentAttestationRequest } from '../../attestation-requests/http/attestation-request.presenter';
import type { AttestationEvidence } from '../domain/attestation-evidence';

/** The contract's evidence record (docs/api-guide.md#evidence-of-an-attestation). */
export function presentAttestationEvidence(evidence: AttestationEvidence) {
  const { signature, revision, document } = evidence;
  return {
    attestation_request: presentAttestationRequest(evidence.request),
    document: { id: document.id, name: document.name },
    revision: {
      id: revision.id,
      published_at: isoTimestampOrNull(revision.publishedAt),
      content_sha256: revision.contentSha256,
    },
    attestation:
      signature === null
        ? null
        : {
            typed_name: signature.typedName,
            name_matches_recipient: signature.nameMatchesRecipient,
            attested_at: isoTimestamp(signature.attestedAt),
            ip: signature.ipAddress,
            user_agent: signature.userAgent,
            content_sha256: signature.contentSha256,
          },
    decline:
      evidence.request.cancelReason === 'declined'
        ? { reason: evidence.request.declineReason, declined_at: isoTimestamp(evidence.request.canceledAt!) }
        : null,
    events: evidence.events,
  };
}
