import type { AttestationEvidence } from '../domain/attestation-evidence';

/** Draws the certificate of completion of a signed request. */
export abstract class CertificateRenderer {
  /** A PDF document; `generatedAt` is printed on it. */
  abstract render(evidence: AttestationEvidence, generatedAt: Date): Promise<Uint8Array>;
}
