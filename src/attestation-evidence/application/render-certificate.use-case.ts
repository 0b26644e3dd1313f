import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import type { AttestationEvidence } from '../domain/attestation-evidence';
import { NotAttestedError } from '../domain/not-attested.error';
import { CertificateRenderer } from './certificate-renderer';
import { ShowAttestationEvidence } from './show-attestation-evidence.use-case';

/**
 * The certificate of completion of a signed request, drawn on demand from its evidence (nothing is stored).
 * A request of another organization is not found; one that is not signed has no certificate. A signed request
 * without an audit entry (possible only for imported data) gets one that says so.
 */
@Injectable()
export class RenderCertificate {
  constructor(
    private readonly evidence: ShowAttestationEvidence,
    private readonly renderer: CertificateRenderer,
    private readonly clock: Clock,
  ) {}

  async execute(input: { organizationId: string; requestId: string }): Promise<{ requestId: string; pdf: Uint8Array }> {
    const evidence = await this.evidence.execute(input);
    return { requestId: evidence.request.id, pdf: await this.renderFor(evidence) };
  }

  /** The certificate of evidence already read (the signer's copy reads it in its delivery's transaction). */
  async renderFor(evidence: AttestationEvidence): Promise<Uint8Array> {
    if (evidence.request.status !== 'attested') throw new NotAttestedError();
    return this.renderer.render(evidence, this.clock.now());
  }
}
