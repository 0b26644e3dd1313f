import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Clock, IllegalTransitionError, newId } from '@lib/core';
import { AttestationRequestRepository } from '../../attestation-requests/application/attestation-request.repository';
import { requestNamed } from '../../attestation-requests/application/request-reference';
import { hashAttestationToken } from '../../attestation-requests/domain/attestation-link';
import { AppConfig } from '../../config/app-config';
import { UnitOfWork } from '../../database/unit-of-work';
import { SigningLink } from '../domain/signing-link';
import { SigningLinks } from './signing-links';

export interface SigningUrl {
  url: string;
  expiresAt: Date;
}

/**
 * A one-time link to an open request's page (POST /attestation-requests/{id}/signing-url), for the integrator to
 * hand over or frame itself: a random secret of which only the SHA-256 is stored. A final request (attested,
 * canceled, expired) has nothing to sign: refused, naming its status.
 */
@Injectable()
export class CreateSigningUrl {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly requests: AttestationRequestRepository,
    private readonly links: SigningLinks,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  async execute(input: { organizationId: string; requestId: string }): Promise<SigningUrl> {
    return this.unitOfWork.run(async () => {
      const request = await requestNamed(this.requests, input);
      if (!request.isOpen) throw new IllegalTransitionError(`The attestation request is ${request.status}.`);
      const token = randomBytes(32).toString('base64url');
      const link = SigningLink.issue({
        id: newId(),
        organizationId: request.organizationId,
        attestationRequestId: request.id,
        tokenHash: hashAttestationToken(token),
        now: this.clock.now(),
      });
      await this.links.add(link);
      return { url: `${this.config.appUrl}/attest/link/${token}`, expiresAt: link.expiresAt };
    });
  }
}
