import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppConfig } from '../../config/app-config';

const COOKIE = 'attest_form';
const NONCE = /^[A-Za-z0-9_-]{22}$/;
const COOKIE_MAX_AGE_SECONDS = 12 * 60 * 60;

/**
 * Cross-site request forgery protection for the signature form, without server-side sessions (double submit,
 * signed). The browser holds a random nonce in an HttpOnly, SameSite=Strict cookie; the form carries
 * HMAC(APP_KEY, page token hash + nonce) in a hidden field. A post counts only when the field matches the
 * cookie the browser sent and the page it posts to: another site cannot send the cookie (SameSite) nor compute
 * the field (APP_KEY), and a form taken from one request's page does not sign another request.
 */
@Injectable()
export class FormProtection {
  constructor(private readonly config: AppConfig) {}

  /** Keeps the browser's nonce (or sets a new one), and answers the form token for the page `pageToken`. */
  issue(request: Request, response: Response, pageToken: string): string {
    const nonce = nonceOf(request) ?? randomBytes(16).toString('base64url');
    const secure = this.config.appUrl.startsWith('https:') ? '; Secure' : '';
    response.append(
      'Set-Cookie',
      `${COOKIE}=${nonce}; Path=/attest; Max-Age=${COOKIE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Strict${secure}`,
    );
    return this.formToken(pageToken, nonce);
  }

  /** Whether `submitted` is the form token for this page and this browser's nonce. */
  verify(request: Request, pageToken: string, submitted: string | null): boolean {
    const nonce = nonceOf(request);
    if (!nonce || !submitted) return false;
    const expected = Buffer.from(this.formToken(pageToken, nonce));
    const actual = Buffer.from(submitted);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }

  /**
   * The form token of a signing session's page: the session cookie is this browser's secret (it plays the nonce's
   * part, so the form works wherever the session cookie is sent, a frame of another site included).
   */
  issueForSession(linkId: string, sessionSecret: string): string {
    return this.formToken(`session:${linkId}`, sessionSecret);
  }

  verifyForSession(linkId: string, sessionSecret: string, submitted: string | null): boolean {
    if (!submitted) return false;
    const expected = Buffer.from(this.formToken(`session:${linkId}`, sessionSecret));
    const actual = Buffer.from(submitted);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }

  private formToken(pageToken: string, nonce: string): string {
    if (!this.config.appKey) throw new Error('APP_KEY is not set: the attestation form cannot be protected');
    const page = createHash('sha256').update(pageToken, 'utf8').digest('hex');
    return createHmac('sha256', this.config.appKey).update(`attestation-form:${page}:${nonce}`).digest('base64url');
  }
}

function nonceOf(request: Request): string | null {
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = pair.trim().split('=');
    if (name === COOKIE && NONCE.test(value.join('='))) return value.join('=');
  }
  return null;
}
