import { createHash, createHmac } from 'node:crypto';

/**
 * The secret in a request's attestation page link. Derived from the request id with APP_KEY, so the first
 * email and every reminder rebuild the same link while only its SHA-256 is stored (a leaked database does not
 * leak working links).
 */
export function attestationToken(appKey: string, requestId: string): string {
  return createHmac('sha256', appKey).update(requestId, 'utf8').digest('base64url');
}

export function hashAttestationToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function attestationPageUrl(appUrl: string, token: string): string {
  return `${appUrl}/attest/${token}`;
}
