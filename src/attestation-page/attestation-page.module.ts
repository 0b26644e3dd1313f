import { Module } from '@nestjs/common';
import { AttestationRequestsModule } from '../attestation-requests/attestation-requests.module';
import { RateLimiter } from '../identity/http/rate-limit';
import { AttestationLedger } from './application/attestation-ledger';
import { AttestationPageContent } from './application/attestation-page-content';
import { CreateSigningUrl } from './application/create-signing-url.use-case';
import { DeclineAttestation } from './application/decline-attestation.use-case';
import { OpenAttestationPage } from './application/open-attestation-page.use-case';
import { OpenSigningLink } from './application/open-signing-link.use-case';
import { RequestPages } from './application/request-pages';
import { SignAttestation } from './application/sign-attestation.use-case';
import { SigningLinks } from './application/signing-links';
import { AttestationPageController } from './http/attestation-page.controller';
import { FormProtection } from './http/form-protection';
import { PageRateLimit } from './http/page-rate-limit';
import { SigningSession } from './http/signing-session';
import { SigningUrlController } from './http/signing-url.controller';
import { TypeormAttestationLedger } from './infrastructure/typeorm-attestation-ledger';
import { TypeormAttestationPageContent } from './infrastructure/typeorm-attestation-page-content';
import { TypeormSigningLinks } from './infrastructure/typeorm-signing-links';

const useCases = [OpenAttestationPage, SignAttestation, DeclineAttestation, OpenSigningLink, CreateSigningUrl];

/**
 * The recipient's page: read the document revision, type a name, sign or decline; and the signing URLs that
 * open it once for an integrator's own channel or frame.
 */
@Module({
  imports: [AttestationRequestsModule],
  controllers: [AttestationPageController, SigningUrlController],
  providers: [
    { provide: AttestationPageContent, useClass: TypeormAttestationPageContent },
    { provide: AttestationLedger, useClass: TypeormAttestationLedger },
    { provide: SigningLinks, useClass: TypeormSigningLinks },
    RequestPages,
    ...useCases,
    FormProtection,
    SigningSession,
    RateLimiter,
    PageRateLimit,
  ],
  exports: useCases,
})
export class AttestationPageModule {}
