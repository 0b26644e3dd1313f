import { Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { Metrics } from '../metrics/metrics';
import { AttestationRequestsModule } from '../attestation-requests/attestation-requests.module';
import { EventsModule } from '../events/events.module';
import { EvidenceSigningModule } from './evidence-signing.module';
import { CertificateRenderer } from './application/certificate-renderer';
import { EvidenceRecords } from './application/evidence-records';
import { EvidenceSnapshot } from './application/evidence-snapshot';
import { RequestEventHistory } from './application/request-event-history';
import { RenderCertificate } from './application/render-certificate.use-case';
import { ShowAttestationEvidence } from './application/show-attestation-evidence.use-case';
import { AttestationEvidenceController } from './http/attestation-evidence.controller';
import { SignedCopies } from '../notifications/application/signed-copies';
import { CertificateTimestamps } from './infrastructure/certificate-timestamps';
import { EventLogHistory } from './infrastructure/event-log-history';
import { InstallationSeal } from './infrastructure/installation-seal';
import { SignedCopiesForDelivery } from './infrastructure/signed-copies-for-delivery';
import { ProcessCertificateRenderer } from './infrastructure/process-certificate-renderer';
import { TypeormEvidenceRecords } from './infrastructure/typeorm-evidence-records';
import { TypeormEvidenceSnapshot } from './infrastructure/typeorm-evidence-snapshot';

const useCases = [ShowAttestationEvidence, RenderCertificate];

/**
 * Evidence of an attestation: its record and certificate (docs/api-guide.md#evidence-of-an-attestation), and the
 * signer's copy for the notification worker (SignedCopies).
 */
@Module({
  imports: [AttestationRequestsModule, EventsModule, EvidenceSigningModule],
  controllers: [AttestationEvidenceController],
  providers: [
    InstallationSeal,
    {
      provide: CertificateTimestamps,
      useFactory: (config: AppConfig, metrics: Metrics) => new CertificateTimestamps(config.sealTsaUrl, { metrics }),
      inject: [AppConfig, Metrics],
    },
    { provide: EvidenceSnapshot, useClass: TypeormEvidenceSnapshot },
    { provide: EvidenceRecords, useClass: TypeormEvidenceRecords },
    { provide: CertificateRenderer, useClass: ProcessCertificateRenderer },
    { provide: RequestEventHistory, useClass: EventLogHistory },
    { provide: SignedCopies, useClass: SignedCopiesForDelivery },
    ...useCases,
  ],
  exports: [...useCases, SignedCopies],
})
export class AttestationEvidenceModule {}
