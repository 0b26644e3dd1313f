/** Seals the client secret of an organization's OpenID Connect provider for storage, and opens it to sign in. */
export abstract class SsoClientSecrets {
  abstract seal(plaintext: string): string;
  abstract open(sealed: string): string;
}
