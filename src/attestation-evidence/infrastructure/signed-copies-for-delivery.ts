import { Injectable } from '@nestjs/common';
import { SignedCopies, SignedCopy } from '../../notifications/application/signed-copies';
import { RenderCertificate } from '../application/render-certificate.use-case';
import { ShowAttestationEvidence } from '../application/show-attestation-evidence.use-case';

/** The evidence module's side of the signer's copy: the evidence of an attested request and its certificate. */
@Injectable()
export class SignedCopiesForDelivery extends SignedCopies {
  constructor(
    private readonly evidence: ShowAttestationEvidence,
    private readonly certificates: RenderCertificate,
  ) {
    super();
  }

  async forDelivery(organizationId: string, requestId: string): Promise<SignedCopy | null> {
    const evidence = await this.evidence.readInCurrentTransaction({ organizationId, requestId });
    const { request, signature } = evidence;
    if (request.status !== 'attested' || signature === null) return null;
    return {
      organizationName: evidence.organizationName,
      locale: evidence.locale,
      documentName: evidence.document.name,
      recipientName: request.recipientName,
      recipientEmail: request.recipientEmail,
      typedName: signature.typedName,
      attestedAt: signature.attestedAt,
      contentSha256: signature.contentSha256,
      certificate: { filename: `attestation-${request.id}.pdf`, pdf: await this.certificates.renderFor(evidence) },
    };
  }
}
