import { Module } from '@nestjs/common';
import { AttestationRequestsModule } from '../attestation-requests/attestation-requests.module';
import { CertificateRenderer } from './application/certificate-renderer';
import { EvidenceRecords } from './application/evidence-records';
import { EvidenceSnapshot } from './application/evidence-snapshot';
import { RenderCertificate } from './application/render-certificate.use-case';
import { ShowAttestationEvidence } from './application/show-attestation-evidence.use-case';
import { AttestationEvidenceController } from './http/attestation-evidence.controller';
import { PdfkitCertificateRenderer } from './infrastructure/pdfkit-certificate-renderer';
import { TypeormEvidenceRecords } from './infrastructure/typeorm-evidence-records';
import { TypeormEvidenceSnapshot } from './infrastructure/typeorm-evidence-snapshot';

/** Evidence of an attestation: the evidence record and the certificate of completion (EXTENSIONS.md §5). */
@Module({
  imports: [AttestationRequestsModule],
  controllers: [AttestationEvidenceController],
  providers: [
    { provide: EvidenceSnapshot, useClass: TypeormEvidenceSnapshot },
    { provide: EvidenceRecords, useClass: TypeormEvidenceRecords },
    { provide: CertificateRenderer, useClass: PdfkitCertificateRenderer },
    ShowAttestationEvidence,
    RenderCertificate,
  ],
  exports: [ShowAttestationEvidence, RenderCertificate],
})
export class AttestationEvidenceModule {}
