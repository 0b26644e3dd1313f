import { Injectable } from '@nestjs/common';
import { NotFoundError } from '@lib/core';
import { AuditTrail } from '../../audit-log/application/audit-trail';
import type { Origin } from '../../audit-log/domain/audit-entry';
import { UnitOfWork } from '../../database/unit-of-work';
import { UserRepository } from '../../identity/application/user.repository';
import type { SsoSettings } from '../domain/sso-settings';
import { ConsoleUrls } from './console-urls';
import { AuthorizationAttempt, OpenIdClient, OpenIdProvider, SingleSignOnRefused } from './open-id-provider';
import { SsoClientSecrets } from './sso-client-secrets';
import { SsoSettingsRepository } from './sso-settings.repository';
import { StartConsoleSession } from './start-console-session';

export type SsoOutcome =
  | { outcome: 'signed_in'; sessionSecret: string; organizationId: string | null }
  | { outcome: 'refused'; reason: string };

/** Sends the browser to the organization's provider, with a fresh state, nonce and PKCE verifier. */
@Injectable()
export class StartSsoSignIn {
  constructor(
    private readonly settings: SsoSettingsRepository,
    private readonly provider: OpenIdProvider,
    private readonly box: SsoClientSecrets,
    private readonly urls: ConsoleUrls,
  ) {}

  async execute(organizationId: string): Promise<{ url: string; attempt: AuthorizationAttempt }> {
    const settings = await this.settings.find(organizationId);
    if (!settings) throw new NotFoundError('This organization does not use single sign-on.');
    try {
      return await this.provider.begin(clientOf(settings, this.box), this.urls.ssoCallback);
    } catch (error) {
      if (error instanceof SingleSignOnRefused) throw new NotFoundError('The identity provider cannot be reached.');
      throw error;
    }
  }
}

/**
 * Back from the provider: the code exchanged (state, nonce and PKCE checked by the library), then the user matched
 * by the provider's verified email, at an allowed domain, to an existing member of the organization. No user is
 * ever created. Every refusal is in the audit log with its reason.
 */
@Injectable()
export class FinishSsoSignIn {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly settings: SsoSettingsRepository,
    private readonly provider: OpenIdProvider,
    private readonly box: SsoClientSecrets,
    private readonly users: UserRepository,
    private readonly startSession: StartConsoleSession,
    private readonly audit: AuditTrail,
  ) {}

  async execute(input: {
    organizationId: string;
    callbackUrl: URL;
    attempt: AuthorizationAttempt;
    origin: Origin;
  }): Promise<SsoOutcome> {
    const { organizationId, origin } = input;
    const settings = await this.settings.find(organizationId);
    if (!settings) return this.refuse(null, 'not_configured', origin);
    let identity;
    try {
      identity = await this.provider.finish(clientOf(settings, this.box), input.callbackUrl, input.attempt);
    } catch (error) {
      if (error instanceof SingleSignOnRefused) return this.refuse(organizationId, error.reason, origin);
      throw error;
    }
    const email = identity.email?.trim() ?? '';
    if (email === '' || !identity.emailVerified)
      return this.refuse(organizationId, 'email_not_verified', origin, email);
    if (!settings.allowsEmail(email)) return this.refuse(organizationId, 'domain_not_allowed', origin, email);
    const user = await this.users.findByEmail(email);
    const membership = user ? await this.users.findMembership(organizationId, user.id) : null;
    if (!user || !membership) return this.refuse(organizationId, 'unknown_user', origin, email);
    const started = await this.unitOfWork.run(() =>
      this.startSession.execute({
        userId: user.id,
        organizationId,
        auditOrganizationId: organizationId,
        method: 'single_sign_on',
        origin,
      }),
    );
    return { outcome: 'signed_in', ...started };
  }

  private async refuse(
    organizationId: string | null,
    reason: string,
    origin: Origin,
    email?: string,
  ): Promise<SsoOutcome> {
    await this.audit.record({
      organizationId,
      userId: null,
      action: 'sign_in.sso_refused',
      origin,
      details: { reason, ...(email ? { email } : {}) },
    });
    return { outcome: 'refused', reason };
  }
}

function clientOf(settings: SsoSettings, box: SsoClientSecrets): OpenIdClient {
  return { issuer: settings.issuer, clientId: settings.clientId, clientSecret: box.open(settings.clientSecretSealed) };
}
