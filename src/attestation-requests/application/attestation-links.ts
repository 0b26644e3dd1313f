import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { attestationPageUrl, attestationToken, hashAttestationToken } from '../domain/attestation-link';

/** Builds a request's attestation page link and the hash stored for it, from APP_KEY and APP_URL. */
@Injectable()
export class AttestationLinks {
  constructor(private readonly config: AppConfig) {}

  /** What attestation_requests.access_token_hash holds for the request. */
  tokenHashFor(requestId: string): string {
    return hashAttestationToken(this.tokenFor(requestId));
  }

  pageUrlFor(requestId: string): string {
    return attestationPageUrl(this.config.appUrl, this.tokenFor(requestId));
  }

  tokenFor(requestId: string): string {
    if (!this.config.appKey) {
      throw new Error('APP_KEY is not set: attestation page links cannot be made without it');
    }
    return attestationToken(this.config.appKey, requestId);
  }
}
