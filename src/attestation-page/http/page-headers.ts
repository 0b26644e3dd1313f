import type { Response } from 'express';
import { PAGE_CSS_SOURCE } from './page-style';

/**
 * Nothing but our own style sheet may load or run, the form may post only back here, no Referer leaves the page
 * (its URL is the signing secret), and only the origins the organization lists may frame it (none by default).
 * Never cached: the page shows live state.
 */
function contentSecurityPolicy(frameOrigins: readonly string[]): string {
  return [
    "default-src 'none'",
    `style-src ${PAGE_CSS_SOURCE}`,
    "form-action 'self'",
    `frame-ancestors ${frameOrigins.length > 0 ? frameOrigins.join(' ') : "'none'"}`,
    "base-uri 'none'",
  ].join('; ');
}

/** `frameOrigins`: the organization's `signing_frame_origins` (already validated origins), when it is known. */
export function sendPage(response: Response, status: number, body: string, frameOrigins: readonly string[] = []): void {
  response
    .status(status)
    .set({
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': contentSecurityPolicy(frameOrigins),
      // X-Frame-Options cannot list origins; browsers that read only it keep refusing every frame.
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cache-Control': 'no-store',
    })
    .send(body);
}
