import { Injectable } from '@nestjs/common';
import { AnnounceRequests } from '../../notifications/application/announce-requests';
import type { AttestationRequest } from '../domain/attestation-request';

/**
 * The signer's copy: once a request is attested, one email to its recipient with the certificate attached,
 * written to the outbox in the signing transaction (so it is sent exactly once, after the commit). It goes
 * whatever the request's delivery: `none` only means the integrator hands the link over, and the signer still
 * gets their copy.
 */
@Injectable()
export class SignatureConfirmations {
  constructor(private readonly announcements: AnnounceRequests) {}

  async confirm(request: AttestationRequest, now: Date): Promise<void> {
    if (request.status !== 'attested') throw new Error('only an attested request is confirmed');
    await this.announcements.execute({ kind: 'confirmation', requests: [request], now });
  }
}
