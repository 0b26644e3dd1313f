import { Injectable } from '@nestjs/common';
import { EvidenceSigner } from './evidence-signer';

/**
 * An evidence record as the API answers it, signed as a compact JWS: whoever holds it and the published keys can
 * check it came from this service unchanged, without asking the service or trusting its database.
 */
@Injectable()
export class SignEvidence {
  constructor(private readonly signer: EvidenceSigner) {}

  execute(record: object): Promise<string> {
    return this.signer.sign(record);
  }
}
