import { InvalidRequestError } from '@lib/core';

/** IETF draft-ietf-httpapi-idempotency-key-header, 1 to 255 visible ASCII (docs/api-guide.md#idempotency-key). */
const VISIBLE_ASCII = /^[\x21-\x7e]{1,255}$/;

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** How long a key answers with its stored response; after that it is free again. */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * The header's value, or null when the request has none. A header sent twice reaches us joined with ", ", which
 * holds a space and is refused like any other malformed key.
 */
export function parseIdempotencyKey(raw: string | string[] | undefined): string | null {
  if (raw === undefined) return null;
  const value = Array.isArray(raw) ? raw.join(', ') : raw;
  if (!VISIBLE_ASCII.test(value)) {
    throw new InvalidRequestError('The Idempotency-Key header must be 1 to 255 visible ASCII characters (no spaces).');
  }
  return value;
}
