import type { Response } from 'express';
import type { VNode } from 'preact';
import { render } from 'preact-render-to-string';

/**
 * docs/console.md#security-headers-every-page: only our own style sheet loads, no script runs, forms post only here, no
 * site may frame a page, the Referer stays on this site, and no page is cached (they show an organization's data).
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "style-src 'self'",
  "img-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

export const CONSOLE_HEADERS: Record<string, string> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'same-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cache-Control': 'no-store',
};

/** Renders a page (preact escapes every text and attribute) and sends it with the console's headers. */
export function sendConsolePage(response: Response, status: number, page: VNode): void {
  response
    .status(status)
    .set({ ...CONSOLE_HEADERS, 'Content-Type': 'text/html; charset=utf-8' })
    .send('<!doctype html>' + render(page));
}

/** After a form: 303 sends the browser to GET the next page (never a form resubmitted on reload). */
export function redirect(response: Response, location: string): void {
  response
    .status(303)
    .set({ ...CONSOLE_HEADERS, Location: location })
    .send();
}

/**
 * Where to go after signing in: a path of the console only. Anything else (another site, `//host`, `/\host`, a
 * scheme) goes to the console's home: no open redirect.
 */
export function safeNext(next: string | null | undefined): string {
  if (typeof next !== 'string' || next.length > 512) return '/console';
  return /^\/console(\/[A-Za-z0-9\-._~/?=&%]*)?$/.test(next) && !next.includes('//') ? next : '/console';
}
