import { createHmac, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppConfig } from '../../config/app-config';
import { SIGNING_SESSION_TTL_MS } from '../domain/signing-link';

const COOKIE = 'attest_session';

/**
 * The page's own session, opened by a signing URL's one load: an HttpOnly cookie scoped to the session's path
 * (`/attest/session/<link id>`) holding HMAC(APP_KEY, link id), which only this service can make. Over HTTPS it
 * is `SameSite=None; Secure`, so the page keeps working inside a frame of another site (the frame origins decide
 * who may frame it); over plain HTTP (development) `SameSite=Lax`. The link's row says how long it lasts.
 */
@Injectable()
export class SigningSession {
  constructor(private readonly config: AppConfig) {}

  static pathOf(linkId: string): string {
    return `/attest/session/${linkId}`;
  }

  open(response: Response, linkId: string): void {
    const attributes = this.config.appUrl.startsWith('https:') ? 'SameSite=None; Secure' : 'SameSite=Lax';
    response.append(
      'Set-Cookie',
      `${COOKIE}=${this.secretOf(linkId)}; Path=${SigningSession.pathOf(linkId)}; ` +
        `Max-Age=${SIGNING_SESSION_TTL_MS / 1000}; HttpOnly; ${attributes}`,
    );
  }

  /** The session's secret when this browser holds the session of `linkId`, else null. */
  secretIn(request: Request, linkId: string): string | null {
    const expected = Buffer.from(this.secretOf(linkId));
    for (const pair of (request.headers.cookie ?? '').split(';')) {
      const [name, ...value] = pair.trim().split('=');
      if (name !== COOKIE) continue;
      const actual = Buffer.from(value.join('='));
      if (actual.length === expected.length && timingSafeEqual(actual, expected)) return expected.toString();
    }
    return null;
  }

  private secretOf(linkId: string): string {
    if (!this.config.appKey) throw new Error('APP_KEY is not set: a signing session cannot be made without it');
    return createHmac('sha256', this.config.appKey).update(`attestation-session:${linkId}`).digest('base64url');
  }
}
