import { Module } from '@nestjs/common';
import { AttestationRequestsModule } from '../attestation-requests/attestation-requests.module';
import { RateLimiter } from '../identity/http/rate-limit';
import { AttestationLedger } from './application/attestation-ledger';
import { AttestationPageContent } from './application/attestation-page-content';
import { OpenAttestationPage } from './application/open-attestation-page.use-case';
import { SignAttestation } from './application/sign-attestation.use-case';
import { AttestationPageController } from './http/attestation-page.controller';
import { FormProtection } from './http/form-protection';
import { PageRateLimit } from './http/page-rate-limit';
import { TypeormAttestationLedger } from './infrastructure/typeorm-attestation-ledger';
import { TypeormAttestationPageContent } from './infrastructure/typeorm-attestation-page-content';

const useCases = [OpenAttestationPage, SignAttestation];

/** The recipient's page: read the document revision, type a name, sign. */
@Module({
  imports: [AttestationRequestsModule],
  controllers: [AttestationPageController],
  providers: [
    { provide: AttestationPageContent, useClass: TypeormAttestationPageContent },
    { provide: AttestationLedger, useClass: TypeormAttestationLedger },
    ...useCases,
    FormProtection,
    RateLimiter,
    PageRateLimit,
  ],
  exports: useCases,
})
export class AttestationPageModule {}
