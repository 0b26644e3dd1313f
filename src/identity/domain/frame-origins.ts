import { FieldErrors, ValidationFailedError } from '@lib/core';

/** How many origins an organization may list. */
export const MAX_FRAME_ORIGINS = 20;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The origin a text names, as a browser compares it in `frame-ancestors` (`https://host[:port]`, lowercased, the
 * default port dropped), or null when it is not one: an `https` origin, or `http` on this machine's loopback
 * (development); no path, query, fragment, credentials or wildcard. A trailing slash is allowed.
 */
export function frameOriginOf(text: string): string | null {
  if (text.length > 255 || /[\s*'";,]/.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  // The pattern below lets through http and https only: http is for this machine's loopback.
  if (url.protocol !== 'https:' && !LOOPBACK_HOSTS.has(url.hostname)) return null;
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/') return null;
  if (!/^https?:\/\/[^/]+\/?$/i.test(text)) return null;
  return url.origin;
}

/**
 * The organization's `signing_frame_origins` from a body's list: each an origin (errors keyed
 * `signing_frame_origins.N`), duplicates kept once, in the order given.
 */
export function frameOriginsOf(values: readonly unknown[]): string[] {
  const errors: FieldErrors = {};
  const origins: string[] = [];
  values.forEach((value, index) => {
    const origin = typeof value === 'string' ? frameOriginOf(value) : null;
    if (origin === null) {
      errors[`signing_frame_origins.${index}`] = [
        'Each origin must be https://host or https://host:port (http only for localhost), with no path.',
      ];
    } else if (!origins.includes(origin)) origins.push(origin);
  });
  if (Object.keys(errors).length > 0) throw new ValidationFailedError(errors);
  return origins;
}
