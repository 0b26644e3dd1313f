import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * Seals a secret for storage with AES-256-GCM under a key derived from APP_KEY by HKDF-SHA256, the purpose as its
 * `info`: each kind of secret has its own key, so one never opens with another's. Stored as
 * `v1.<base64 of iv | tag | ciphertext>`. Without APP_KEY nothing can be sealed or opened.
 */
export class AppKeySealer {
  private readonly key: Buffer | null;

  constructor(
    appKey: string | undefined,
    private readonly purpose: string,
  ) {
    this.key = appKey ? Buffer.from(hkdfSync('sha256', appKey, Buffer.alloc(0), purpose, 32)) : null;
  }

  seal(plaintext: string): string {
    const key = this.requireKey();
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64')}`;
  }

  /** Throws when the secret was sealed under another key (another purpose or APP_KEY) or altered. */
  open(sealed: string): string {
    const key = this.requireKey();
    const [version, payload] = sealed.split('.', 2);
    if (version !== VERSION || !payload) throw new Error('unknown sealed secret format');
    const bytes = Buffer.from(payload, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  }

  private requireKey(): Buffer {
    if (!this.key) throw new Error(`APP_KEY is not set: ${this.purpose} cannot be sealed or opened`);
    return this.key;
  }
}
