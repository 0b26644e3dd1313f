import { Module } from '@nestjs/common';
import { EvidenceSigner } from './application/evidence-signer';
import { PublishEvidenceKeys } from './application/publish-evidence-keys.use-case';
import { RotateEvidenceKey } from './application/rotate-evidence-key.use-case';
import { SignEvidence } from './application/sign-evidence.use-case';
import { EvidenceKeysController } from './http/evidence-keys.controller';
import { JoseEvidenceSigner } from './infrastructure/jose-evidence-signer';

const useCases = [SignEvidence, PublishEvidenceKeys, RotateEvidenceKey];

/**
 * The keys evidence records are signed with: the signing, the published key set and the rotation. Apart from the
 * evidence module (HTTP only) because the admin CLI rotates the keys.
 */
@Module({
  controllers: [EvidenceKeysController],
  providers: [{ provide: EvidenceSigner, useClass: JoseEvidenceSigner }, ...useCases],
  exports: useCases,
})
export class EvidenceSigningModule {}
