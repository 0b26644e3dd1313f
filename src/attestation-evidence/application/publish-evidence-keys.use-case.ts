import { Injectable } from '@nestjs/common';
import { EvidenceSigner, PublishedKey } from './evidence-signer';

/** The JSON Web Key Set of every key evidence was ever signed with (`/.well-known/jwks.json`). */
@Injectable()
export class PublishEvidenceKeys {
  constructor(private readonly signer: EvidenceSigner) {}

  async execute(): Promise<{ keys: PublishedKey[] }> {
    return { keys: await this.signer.publishedKeys() };
  }
}
