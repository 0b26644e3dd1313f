import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AuditedAction, AuditTrail } from '../../audit-log/application/audit-trail';
import type { Origin } from '../../audit-log/domain/audit-entry';
import { readFormBody } from '../../attestation-page/http/form-body';
import { PageError } from '../../attestation-page/http/page-error';
import { AppConfig } from '../../config/app-config';
import { hasFullApiAccess } from '../../identity/domain/role';
import type { ConsoleContext, ConsoleOrganization } from '../../sign-in/application/console-context';
import { ResolveConsoleSession } from '../../sign-in/application/resolve-console-session.use-case';
import { ConsoleCookies } from './console-cookies';

/** Not signed in (or no longer): the filter sends the browser to this address. */
export class ConsoleRedirect extends Error {
  constructor(readonly location: string) {
    super(`redirect to ${location}`);
  }
}

export interface ManagingContext extends ConsoleContext {
  current: ConsoleOrganization;
}

const NONCE = /^[A-Za-z0-9_-]{22}$/;

/**
 * What belongs to the console as a door, not to any rule: its cookies, who is signed in, and CSRF. A form's token
 * is HMAC(APP_KEY, the session id), or before sign-in HMAC(APP_KEY, a nonce kept in a SameSite=Strict cookie):
 * another site can neither read nor compute it, so every POST without it is refused (403) and audited.
 */
@Injectable()
export class ConsoleDoor {
  readonly cookies: ConsoleCookies;

  constructor(
    private readonly config: AppConfig,
    private readonly resolveSession: ResolveConsoleSession,
    private readonly audit: AuditTrail,
  ) {
    this.cookies = new ConsoleCookies(config.appUrl);
  }

  origin(request: Request): Origin {
    return { ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null };
  }

  /** The signed-in user, or a redirect to the sign-in page that comes back here. */
  async signedIn(request: Request): Promise<ConsoleContext> {
    const secret = this.cookies.read(request, this.cookies.sessionName);
    const context = secret ? await this.resolveSession.execute(secret) : null;
    if (context) return context;
    const next = request.method === 'GET' ? `?next=${encodeURIComponent(request.originalUrl)}` : '';
    throw new ConsoleRedirect(`/console/sign-in${next}`);
  }

  /**
   * Any member working in an organization (group managers too): the compliance views, whose use-cases scope what
   * a group manager reads (viewerIn). Pages only owners and administrators may open use `managing`.
   */
  async viewing(request: Request): Promise<ManagingContext> {
    const context = await this.signedIn(request);
    const current = context.current;
    if (!current) throw new ConsoleRedirect('/console/organizations');
    return { ...context, current };
  }

  /** An owner or administrator working in an organization: API settings, members, the audit log. */
  async managing(request: Request): Promise<ManagingContext> {
    const context = await this.signedIn(request);
    const current = context.current;
    if (!current) throw new ConsoleRedirect('/console/organizations');
    if (!hasFullApiAccess(current.role)) {
      const who = { organizationId: current.organizationId, userId: context.user.id };
      await this.refuse(request, { ...who, action: 'console.forbidden' }, [
        'Only owners and administrators can open this page',
        'Ask an owner or an administrator of your organization if you need it.',
      ]);
    }
    return { ...context, current };
  }

  /** The token that a form of this page must send back. */
  formToken(request: Request, response: Response, context: ConsoleContext | null): string {
    if (context) return this.sign(`session:${context.session.id}`);
    let nonce = this.cookies.read(request, this.cookies.nonceName);
    if (!nonce || !NONCE.test(nonce)) {
      nonce = randomBytes(16).toString('base64url');
      this.cookies.setNonce(response, nonce);
    }
    return this.sign(`nonce:${nonce}`);
  }

  /** The posted form, once its token is checked against the session (or the pre-session nonce). */
  async form(request: Request, context: ConsoleContext | null): Promise<URLSearchParams> {
    const form = await readFormBody(request);
    const nonce = this.cookies.read(request, this.cookies.nonceName);
    const anchor = context ? `session:${context.session.id}` : nonce && NONCE.test(nonce) ? `nonce:${nonce}` : null;
    const submitted = Buffer.from(form.get('_csrf') ?? '');
    const expected = anchor ? Buffer.from(this.sign(anchor)) : null;
    if (expected && expected.length === submitted.length && timingSafeEqual(expected, submitted)) return form;
    const who = { organizationId: context?.current?.organizationId ?? null, userId: context?.user.id ?? null };
    return this.refuse(request, { ...who, action: 'console.csrf_refused' }, [
      'This form has expired',
      'For your safety the form could not be accepted. Go back, reload the page and try again.',
    ]);
  }

  /** A 403 page, the refusal written to the audit log first with the path it was refused on. */
  private async refuse(
    request: Request,
    refusal: Pick<AuditedAction, 'organizationId' | 'userId' | 'action'>,
    [title, explanation]: [string, string],
  ): Promise<never> {
    await this.audit.record({ ...refusal, origin: this.origin(request), details: { path: request.path } });
    throw new PageError(403, title, explanation);
  }

  /** A value the browser keeps for us (an OpenID Connect attempt), signed and dated: it can neither forge nor keep it. */
  seal(value: object, ttlMs: number): string {
    const payload = Buffer.from(JSON.stringify({ value, expires: Date.now() + ttlMs })).toString('base64url');
    return `${payload}.${this.sign(`sealed:${payload}`)}`;
  }

  /** What `seal` wrapped, or null when it was altered or has expired. */
  unseal<T>(sealed: string | null): T | null {
    const [payload, signature] = (sealed ?? '').split('.');
    if (!payload || !signature) return null;
    const expected = Buffer.from(this.sign(`sealed:${payload}`));
    const actual = Buffer.from(signature);
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
    const { value, expires } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      value: T;
      expires: number;
    };
    return expires > Date.now() ? value : null;
  }

  private sign(anchor: string): string {
    if (!this.config.appKey) throw new Error('APP_KEY is not set: console forms cannot be protected');
    return createHmac('sha256', this.config.appKey).update(`console-form:${anchor}`).digest('base64url');
  }
}
