import { isIP } from 'node:net';
import { isLocalHostName, isNonPublicAddress } from './network-address';

export const ENDPOINT_URL_MAX_LENGTH = 2048;

/**
 * Why a URL cannot be a webhook endpoint, or null when it can: an absolute https URL (http too when private
 * networks are allowed) whose host is not this machine nor, when it is an IP literal, a non-public address.
 * Names are resolved separately (at creation, and again at every delivery). An http(s) URL always has a host:
 * the URL parser refuses one without.
 */
export function endpointUrlProblem(value: string, allowPrivateNetworks: boolean): string | null {
  if ([...value].length > ENDPOINT_URL_MAX_LENGTH) {
    return `The url field must not be greater than ${ENDPOINT_URL_MAX_LENGTH} characters.`;
  }
  // The URL parser silently drops tabs and line breaks and trims spaces, so a URL carrying them would be stored
  // as given yet sent somewhere else; refuse them rather than guess what was meant.
  if (SPACE_OR_CONTROL.test(value)) return 'The url field must be a valid URL.';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'The url field must be a valid URL.';
  }
  const schemes = allowPrivateNetworks ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) {
    return allowPrivateNetworks ? 'The url field must be an http or https URL.' : 'The url field must be an https URL.';
  }
  if (!allowPrivateNetworks && isPrivateHost(url.hostname)) return PRIVATE_ADDRESS_MESSAGE;
  return null;
}

/** Control characters (C0, DEL, C1) and every kind of white space. */
const SPACE_OR_CONTROL = /[\p{Cc}\s]/u;

export const PRIVATE_ADDRESS_MESSAGE =
  'The url field must not point to a private, loopback, link-local or unique-local address.';

/**
 * `localhost` and IP literals outside the public internet (brackets allowed); other names are judged by what they
 * resolve to.
 */
export function isPrivateHost(hostname: string): boolean {
  return isLocalHostName(hostname) || isNonPublicAddress(hostname);
}

/** The host to resolve, or null when the URL names an IP literal (nothing to resolve). */
export function hostToResolve(value: string): string | null {
  const { hostname } = new URL(value);
  // The URL parser keeps an IPv6 literal in brackets, and only an IPv6 literal.
  return hostname.startsWith('[') || isIP(hostname) !== 0 ? null : hostname;
}
