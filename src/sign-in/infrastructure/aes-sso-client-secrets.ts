import { AppKeySealer } from '@lib/persistence';
import { SsoClientSecrets } from '../application/sso-client-secrets';

/**
 * SSO client secrets under a key of their own, derived from APP_KEY with the label `sso-client-secret`: a leak or
 * a bug on the webhooks' side never opens them, nor the reverse.
 */
export class AesSsoClientSecrets extends SsoClientSecrets {
  private readonly sealer: AppKeySealer;
  /**
   * Secrets saved before they had their own key were sealed with the webhooks' key (the same format): they still
   * open until an owner enters the secret again. Remove once no `sso_settings` row is older than that change.
   */
  private readonly sealedBefore: AppKeySealer;

  constructor(appKey: string | undefined) {
    super();
    this.sealer = new AppKeySealer(appKey, 'sso-client-secret');
    this.sealedBefore = new AppKeySealer(appKey, 'attestation-service webhook endpoint secrets');
  }

  seal(plaintext: string): string {
    return this.sealer.seal(plaintext);
  }

  open(sealed: string): string {
    try {
      return this.sealer.open(sealed);
    } catch (error) {
      // GCM's tag makes a wrong key fail, never answer garbage, so trying the old key is safe.
      try {
        return this.sealedBefore.open(sealed);
      } catch {
        throw error;
      }
    }
  }
}
