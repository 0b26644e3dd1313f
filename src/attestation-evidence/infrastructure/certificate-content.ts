import type {
  AttestationEvidence,
  EvidenceDocument,
  EvidenceRevision,
  SignatureRecord,
  Timeline,
} from '../domain/attestation-evidence';

/**
 * What a certificate shows, as plain data (no class instances): it crosses to the rendering process by structured
 * clone, which keeps `Date`s but not getters.
 */
export interface CertificateContent {
  request: {
    id: string;
    recipientName: string;
    recipientEmail: string;
    personId: string;
    source: string;
    requestedByUserId: string | null;
    attestedAt: Date | null;
    updatedAt: Date;
  };
  organizationName: string;
  /** The language the certificate is written in (the signer's). */
  locale: string;
  document: EvidenceDocument;
  revision: EvidenceRevision;
  signature: SignatureRecord | null;
  timeline: Timeline;
}

export function certificateContentOf(evidence: AttestationEvidence): CertificateContent {
  const { request } = evidence;
  return {
    request: {
      id: request.id,
      recipientName: request.recipientName,
      recipientEmail: request.recipientEmail,
      personId: request.personId,
      source: request.source,
      requestedByUserId: request.requestedByUserId,
      attestedAt: request.attestedAt,
      updatedAt: request.updatedAt,
    },
    organizationName: evidence.organizationName,
    locale: evidence.locale,
    document: { ...evidence.document },
    revision: { ...evidence.revision },
    signature: evidence.signature && { ...evidence.signature },
    timeline: { source: evidence.timeline.source, entries: evidence.timeline.entries.map((entry) => ({ ...entry })) },
  };
}
