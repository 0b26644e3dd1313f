import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Stored answers are encrypted at rest (AES-256-GCM, key derived from APP_KEY with HKDF): they hold what the API
 * answered, names, emails and, for webhook endpoints, the signing secret that must otherwise only be stored
 * encrypted. The organization and the key are authenticated with it, so a row copied under another key does
 * not decrypt.
 */
export class ResponseCipher {
  private readonly key: Buffer;

  constructor(appKey: string) {
    this.key = Buffer.from(hkdfSync('sha256', appKey, Buffer.alloc(0), 'idempotency-key-responses', 32));
  }

  seal(plaintext: string, context: string): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.key, iv).setAAD(Buffer.from(context, 'utf8'));
    const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), sealed]);
  }

  /** Throws when the data was sealed with another APP_KEY or for another context, or altered. */
  open(sealed: Buffer, context: string): string {
    const decipher = createDecipheriv(ALGORITHM, this.key, sealed.subarray(0, IV_BYTES))
      .setAAD(Buffer.from(context, 'utf8'))
      .setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  }
}
