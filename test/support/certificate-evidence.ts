import { AttestationRequest } from '../../src/attestation-requests/domain/attestation-request';
import type { AttestationEvidence, TimelineEntry } from '../../src/attestation-evidence/domain/attestation-evidence';
import { timelineOf } from '../../src/attestation-evidence/domain/attestation-evidence';

/** The SHA-256 of the revision signed in `evidenceWith`. */
export const SHA = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

/** The evidence of one signed request (Ada Lovelace, Acme, Code of conduct), for the certificate renderers' tests. */
export function evidenceWith(
  input: {
    organizationName?: string;
    locale?: string;
    documentName?: string;
    recipientName?: string;
    recipientEmail?: string;
    typedName?: string;
    nameMatches?: boolean;
    ip?: string | null;
    userAgent?: string | null;
    timeline?: TimelineEntry[];
    signed?: boolean;
  } = {},
): AttestationEvidence {
  const now = new Date('2026-11-22T10:00:00.000Z');
  const request = AttestationRequest.issue({
    organizationId: '01jd7x5m3q4r8s9t0v1w2x3y40',
    documentId: '01jd7x5m3q4r8s9t0v1w2x3y41',
    documentRevisionId: '01jd7x5m3q4r8s9t0v1w2x3y42',
    personId: '01jd7x5m3q4r8s9t0v1w2x3y43',
    recipientName: input.recipientName ?? 'Ada Lovelace',
    recipientEmail: input.recipientEmail ?? 'ada@example.test',
    source: 'oauth',
    accessTokenHashFor: () => 'hash',
    now,
  });
  const signedAt = new Date('2026-11-22T11:30:15.250Z');
  request.markViewed(new Date('2026-11-22T11:00:00.000Z'));
  request.markAttested(signedAt);
  return {
    request,
    organizationName: input.organizationName ?? 'Acme',
    locale: input.locale ?? 'en',
    document: { id: request.documentId, name: input.documentName ?? 'Code of conduct' },
    revision: { id: request.documentRevisionId, publishedAt: now, contentSha256: SHA },
    signature:
      input.signed === false
        ? null
        : {
            typedName: input.typedName ?? 'Ada Lovelace',
            nameMatchesRecipient: input.nameMatches ?? true,
            attestedAt: signedAt,
            ipAddress: input.ip === undefined ? '203.0.113.5' : input.ip,
            userAgent: input.userAgent === undefined ? 'Mozilla/5.0' : input.userAgent,
            contentSha256: SHA,
          },
    events: [],
    timeline: input.timeline ? { source: 'events', entries: input.timeline } : timelineOf(request, []),
  };
}
