import { createHash, createHmac } from 'node:crypto';

/**
 * The secret in a request's attestation page link. Derived from the request id with APP_KEY, so the first
 * email and every reminder rebuild the same link while only its SHA-256 is stored (a leaked database does not
 * leak working links).
 */
export function attestationToken(appKey: string, requestId: string): string {
  return createHmac('sha256', appKey).update(requestId, 'utf8').digest('base64url');
}

/**
 * HMAC-SHA256's inner and outer key blocks for APP_KEY (RFC 2104), so a statement issuing many requests at once
 * derives each one's token inside the database exactly as `attestationToken` does:
 * sha256(outer || sha256(inner || id)).
 */
export function attestationTokenKeys(appKey: string): { inner: Buffer; outer: Buffer } {
  let key = Buffer.from(appKey, 'utf8');
  if (key.length > 64) key = createHash('sha256').update(key).digest();
  const block = Buffer.alloc(64);
  key.copy(block);
  return { inner: Buffer.from(block.map((byte) => byte ^ 0x36)), outer: Buffer.from(block.map((byte) => byte ^ 0x5c)) };
}

export function hashAttestationToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function attestationPageUrl(appUrl: string, token: string): string {
  return `${appUrl}/attest/${token}`;
}
