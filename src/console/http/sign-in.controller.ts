import { Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { PageError } from '../../attestation-page/http/page-error';
import { RedeemConsoleLink } from '../../sign-in/application/redeem-console-link.use-case';
import { RequestSignInLink } from '../../sign-in/application/request-sign-in-link.use-case';
import { SignOut } from '../../sign-in/application/sign-out.use-case';
import { SwitchOrganization } from '../../sign-in/application/switch-organization.use-case';
import {
  CheckEmailPage,
  HomePage,
  OrganizationsPage,
  RedeemLinkPage,
  SignInPage,
  TooManyRequestsPage,
} from '../views/sign-in-pages';
import { ConsoleDoor, ConsoleRedirect } from './console-door';
import { redirect, safeNext, sendConsolePage } from './console-page';
import { CONSOLE_CSS } from './console-style';
import { ConsoleController } from './console-controller';

const LINK_REFUSALS = {
  invalid: [
    404,
    'This link is not valid',
    'Check that you opened the whole link from your email, or ask for a new one.',
  ],
  expired: [410, 'This link has expired', 'Sign-in links work for 15 minutes. Ask for a new one.'],
  used: [410, 'This link was already used', 'Each link works once. Ask for a new one.'],
} as const;

/** Signing in and out, and choosing the organization: thin over the sign-in module's use-cases. */
@ConsoleController('')
export class SignInController {
  constructor(
    private readonly door: ConsoleDoor,
    private readonly requestLink: RequestSignInLink,
    private readonly redeemLink: RedeemConsoleLink,
    private readonly switchOrganization: SwitchOrganization,
    private readonly signOut: SignOut,
  ) {}

  @Get()
  async home(@Req() request: Request, @Res() response: Response): Promise<void> {
    const context = await this.door.signedIn(request);
    if (!context.current) throw new ConsoleRedirect('/console/organizations');
    const csrf = this.door.formToken(request, response, context);
    sendConsolePage(response, 200, HomePage({ context, csrf }));
  }

  @Get('console.css')
  style(@Res() response: Response): void {
    response.status(200).set({ 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'max-age=3600' });
    response.send(CONSOLE_CSS);
  }

  @Get('sign-in')
  showSignIn(@Req() request: Request, @Res() response: Response): void {
    const csrf = this.door.formToken(request, response, null);
    sendConsolePage(response, 200, SignInPage({ csrf }));
  }

  @Post('sign-in')
  async askForLink(@Req() request: Request, @Res() response: Response): Promise<void> {
    const form = await this.door.form(request, null);
    const answer = await this.requestLink.execute({
      email: form.get('email') ?? '',
      origin: this.door.origin(request),
    });
    if (answer === 'limited') return sendConsolePage(response, 429, TooManyRequestsPage());
    sendConsolePage(response, 200, CheckEmailPage());
  }

  @Get('link/:secret')
  showLink(
    @Param('secret') secret: string,
    @Query('next') next: unknown,
    @Req() request: Request,
    @Res() response: Response,
  ): void {
    const csrf = this.door.formToken(request, response, null);
    sendConsolePage(
      response,
      200,
      RedeemLinkPage({ csrf, secret, next: safeNext(typeof next === 'string' ? next : null) }),
    );
  }

  @Post('link')
  async useLink(@Req() request: Request, @Res() response: Response): Promise<void> {
    const form = await this.door.form(request, null);
    const result = await this.redeemLink.execute({
      secret: form.get('secret') ?? '',
      origin: this.door.origin(request),
    });
    if (result.outcome !== 'signed_in') {
      const [status, title, explanation] = LINK_REFUSALS[result.outcome];
      throw new PageError(status, title, explanation);
    }
    this.door.cookies.setSession(response, result.sessionSecret);
    redirect(response, result.organizationId ? safeNext(form.get('next')) : '/console/organizations');
  }

  @Get('organizations')
  async organizations(@Req() request: Request, @Res() response: Response): Promise<void> {
    const context = await this.door.signedIn(request);
    const csrf = this.door.formToken(request, response, context);
    sendConsolePage(response, 200, OrganizationsPage({ context, csrf }));
  }

  @Post('organizations')
  async switchTo(@Req() request: Request, @Res() response: Response): Promise<void> {
    const context = await this.door.signedIn(request);
    const form = await this.door.form(request, context);
    await this.switchOrganization.execute({
      context,
      organizationId: form.get('organization_id') ?? '',
      origin: this.door.origin(request),
    });
    redirect(response, '/console');
  }

  @Post('sign-out')
  async signOutHere(@Req() request: Request, @Res() response: Response): Promise<void> {
    await this.end(request, response, false);
  }

  @Post('sign-out-everywhere')
  async signOutEverywhere(@Req() request: Request, @Res() response: Response): Promise<void> {
    await this.end(request, response, true);
  }

  private async end(request: Request, response: Response, everywhere: boolean): Promise<void> {
    const context = await this.door.signedIn(request);
    await this.door.form(request, context);
    await this.signOut.execute({ context, everywhere, origin: this.door.origin(request) });
    this.door.cookies.clearSession(response);
    redirect(response, '/console/sign-in');
  }
}
