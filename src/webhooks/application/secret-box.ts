/** Seals endpoint secrets for storage and opens them to sign; the key never leaves the adapter. */
export abstract class SecretBox {
  abstract seal(plaintext: string): string;
  abstract open(sealed: string): string;
}
