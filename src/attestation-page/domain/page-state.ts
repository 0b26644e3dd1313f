import type { AttestationRequest } from '../../attestation-requests/domain/attestation-request';

/**
 * What the recipient's page shows for a request:
 * - `open`: the document and the signature form (sent or viewed, and not past its expiry);
 * - `attested`: already signed;
 * - `canceled`, `expired`: nothing to sign any more; a request past its `expires_at` counts as expired even
 *   before the expiry sweep has marked it;
 * - `on_hold`: the latest email to the recipient could not be delivered (bounced, failed, complained); the
 *   request cannot be signed until it is sent again.
 */
export type PageState = 'open' | 'attested' | 'canceled' | 'expired' | 'on_hold';

export function pageStateOf(request: AttestationRequest, now: Date): PageState {
  switch (request.status) {
    case 'attested':
      return 'attested';
    case 'canceled':
      return 'canceled';
    case 'expired':
      return 'expired';
    default:
      if (request.isPastExpiry(now)) return 'expired';
      return request.status === 'sent' || request.status === 'viewed' ? 'open' : 'on_hold';
  }
}

/** Page links are the base64url of an HMAC-SHA256: 43 characters. Anything else is not looked up. */
export function isWellFormedPageToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}
