import { Get, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { UlidPathPipe } from '@lib/http';
import { PageError } from '../../attestation-page/http/page-error';
import { AppConfig } from '../../config/app-config';
import { ConfigureSso } from '../../sign-in/application/configure-sso.use-case';
import { ConsoleUrls } from '../../sign-in/application/console-urls';
import type { AuthorizationAttempt } from '../../sign-in/application/open-id-provider';
import { FinishSsoSignIn, StartSsoSignIn } from '../../sign-in/application/single-sign-on.use-cases';
import { SsoSettingsRepository } from '../../sign-in/application/sso-settings.repository';
import { SingleSignOnPage } from '../views/single-sign-on-page';
import { ConsoleDoor } from './console-door';
import { redirect, sendConsolePage } from './console-page';
import { ConsoleController } from './console-controller';
import { MemberVisit, Posted, Visit } from './console-visit';

/** How long the browser may take at the provider. */
const ATTEMPT_TTL_MS = 10 * 60_000;

const REFUSALS: Record<string, string> = {
  email_not_verified: 'Your identity provider did not confirm your email address.',
  domain_not_allowed: "Your email address is not at one of your organization's domains.",
  unknown_user: 'No member of this organization has that email address. Ask an owner or administrator to invite you.',
};

interface SealedAttempt extends AuthorizationAttempt {
  organizationId: string;
}

/** Single sign-on: its settings for owners, the redirect to the provider and the way back. */
@ConsoleController('')
export class SingleSignOnController {
  constructor(
    private readonly door: ConsoleDoor,
    private readonly config: AppConfig,
    private readonly urls: ConsoleUrls,
    private readonly settings: SsoSettingsRepository,
    private readonly configure: ConfigureSso,
    private readonly startSso: StartSsoSignIn,
    private readonly finishSso: FinishSsoSignIn,
  ) {}

  @Get('single-sign-on')
  async show(@Visit('managing') visit: MemberVisit, @Res() response: Response): Promise<void> {
    await this.render(visit, response, false);
  }

  @Post('single-sign-on')
  async save(@Posted('managing') posted: MemberVisit, @Res() response: Response): Promise<void> {
    const { form } = posted;
    await this.configure.execute({
      actor: posted.actor,
      issuer: form.get('issuer') ?? '',
      clientId: form.get('client_id') ?? '',
      clientSecret: form.get('client_secret') ?? '',
      allowedDomains: (form.get('allowed_domains') ?? '').split(','),
      required: form.get('required') === 'yes',
    });
    await this.render(posted, response, true);
  }

  @Get('sso/callback')
  async callback(@Req() request: Request, @Res() response: Response): Promise<void> {
    const attempt = this.door.unseal<SealedAttempt>(this.door.cookies.read(request, this.door.cookies.ssoName));
    this.door.cookies.clearSso(response);
    const result = await this.finishSso.execute({
      organizationId: attempt?.organizationId ?? '',
      callbackUrl: new URL(this.config.appUrl + request.originalUrl),
      attempt: attempt ?? { state: '', nonce: '', codeVerifier: '' },
      origin: this.door.origin(request),
    });
    if (result.outcome === 'refused') {
      throw new PageError(
        403,
        'Single sign-on did not sign you in',
        REFUSALS[result.reason] ?? 'The sign-in could not be completed. Start again from your sign-in address.',
      );
    }
    this.door.cookies.setSession(response, result.sessionSecret);
    redirect(response, '/console');
  }

  @Get('sso/:organizationId')
  async start(@Param('organizationId', UlidPathPipe) organizationId: string, @Res() response: Response): Promise<void> {
    const { url, attempt } = await this.startSso.execute(organizationId);
    const sealed: SealedAttempt = { ...attempt, organizationId };
    this.door.cookies.setSso(response, this.door.seal(sealed, ATTEMPT_TTL_MS), ATTEMPT_TTL_MS / 1000);
    redirect(response, url);
  }

  private async render(visit: MemberVisit, response: Response, saved: boolean): Promise<void> {
    const settings = await this.settings.find(visit.organizationId);
    sendConsolePage(
      response,
      200,
      SingleSignOnPage({
        ...visit.chrome,
        settings,
        saved,
        signInAddress: this.urls.ssoStart(visit.organizationId),
        redirectUri: this.urls.ssoCallback,
      }),
    );
  }
}
