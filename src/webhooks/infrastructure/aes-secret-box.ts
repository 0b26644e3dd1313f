import { AppKeySealer } from '@lib/persistence';
import { SecretBox } from '../application/secret-box';

/** Endpoint secrets sealed under their own APP_KEY-derived key (never the key of the page links). */
export class AesSecretBox extends SecretBox {
  private readonly sealer: AppKeySealer;

  constructor(appKey: string | undefined) {
    super();
    this.sealer = new AppKeySealer(appKey, 'attestation-service webhook endpoint secrets');
  }

  seal(plaintext: string): string {
    return this.sealer.seal(plaintext);
  }

  open(sealed: string): string {
    return this.sealer.open(sealed);
  }
}
