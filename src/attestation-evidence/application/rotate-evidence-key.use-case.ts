import { Injectable } from '@nestjs/common';
import { Clock } from '@lib/core';
import { EvidenceSigner } from './evidence-signer';

/**
 * A new evidence signing key (the admin CLI's `evidence-keys:rotate`): it signs from now on (within a minute in
 * every API process, which keep the current key that long), and the older keys stay published for verification.
 */
@Injectable()
export class RotateEvidenceKey {
  constructor(
    private readonly signer: EvidenceSigner,
    private readonly clock: Clock,
  ) {}

  execute(): Promise<{ kid: string; createdAt: Date }> {
    return this.signer.rotate(this.clock.now());
  }
}
