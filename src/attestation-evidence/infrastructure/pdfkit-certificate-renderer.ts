import { Injectable } from '@nestjs/common';
import { CertificateRenderer } from '../application/certificate-renderer';
import type { AttestationEvidence } from '../domain/attestation-evidence';
import { certificateContentOf } from './certificate-content';
import { drawCertificate } from './certificate-drawing';

export { formatTime } from './certificate-drawing';

/**
 * Draws the certificate on the calling thread. The API uses `ProcessCertificateRenderer`, which draws the same
 * certificate in a process of its own; this one is for tests and tools.
 */
@Injectable()
export class PdfkitCertificateRenderer extends CertificateRenderer {
  async render(evidence: AttestationEvidence, generatedAt: Date): Promise<Uint8Array> {
    return drawCertificate(certificateContentOf(evidence), generatedAt);
  }
}
