import { Injectable, Optional } from '@nestjs/common';
import { CertificateRenderer } from '../application/certificate-renderer';
import type { AttestationEvidence } from '../domain/attestation-evidence';
import { certificateContentOf } from './certificate-content';
import { drawCertificate } from './certificate-drawing';
import { CmsSealSigner } from './certificate-seal';
import { CertificateTimestamps } from './certificate-timestamps';
import { InstallationSeal } from './installation-seal';

export { formatTime } from './certificate-drawing';

/**
 * Draws the certificate on the calling thread. The API uses `ProcessCertificateRenderer`, which draws the same
 * certificate in a process of its own; this one is for tests and tools.
 */
@Injectable()
export class PdfkitCertificateRenderer extends CertificateRenderer {
  private readonly signer: CmsSealSigner | undefined;

  /** Without a seal, certificates are drawn unsealed; without timestamps, sealed at baseline. */
  constructor(
    @Optional() seal?: InstallationSeal,
    @Optional() private readonly timestamps?: CertificateTimestamps,
  ) {
    super();
    this.signer = seal && new CmsSealSigner(seal.key, timestamps?.authority());
  }

  async render(evidence: AttestationEvidence, generatedAt: Date): Promise<Uint8Array> {
    const sealing = this.signer && { signer: this.signer, timestamped: this.timestamps?.ask() ?? false };
    const { pdf, timestamp } = await drawCertificate(certificateContentOf(evidence), generatedAt, sealing);
    if (sealing) this.timestamps?.record(timestamp);
    return pdf;
  }
}
