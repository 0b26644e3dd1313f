import type { Response } from 'express';
import { PAGE_CSS_SOURCE } from './page-style';

/**
 * Nothing but our own style sheet may load or run, the form may post only back here, no site may frame the
 * page, and no Referer leaves it (its URL is the signing secret). Never cached: the page shows live state.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  `style-src ${PAGE_CSS_SOURCE}`,
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

export function sendPage(response: Response, status: number, body: string): void {
  response
    .status(status)
    .set({
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': CONTENT_SECURITY_POLICY,
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'no-referrer',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cache-Control': 'no-store',
    })
    .send(body);
}
