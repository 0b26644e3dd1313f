import { Get, Param, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
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
import type { ConsoleContext } from '../../sign-in/application/console-context';
import { ConsoleDoor } from './console-door';
import { redirect, safeNext, sendConsolePage } from './console-page';
import { CONSOLE_CSS } from './console-style';
import { ConsoleController } from './console-controller';
import { ConsoleVisit, MemberVisit, Posted, Visit } from './console-visit';

type SignedInVisit = ConsoleVisit<ConsoleContext>;

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
  home(@Visit('viewing') visit: MemberVisit, @Res() response: Response): void {
    sendConsolePage(response, 200, HomePage(visit.chrome));
  }

  @Get('console.css')
  style(@Res() response: Response): void {
    response.status(200).set({ 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'max-age=3600' });
    response.send(CONSOLE_CSS);
  }

  @Get('sign-in')
  showSignIn(@Visit('anyone') visit: ConsoleVisit, @Res() response: Response): void {
    sendConsolePage(response, 200, SignInPage({ csrf: visit.csrf }));
  }

  @Post('sign-in')
  async askForLink(@Posted('anyone') posted: ConsoleVisit, @Res() response: Response): Promise<void> {
    const answer = await this.requestLink.execute({ email: posted.form.get('email') ?? '', origin: posted.origin });
    if (answer === 'limited') return sendConsolePage(response, 429, TooManyRequestsPage());
    sendConsolePage(response, 200, CheckEmailPage());
  }

  @Get('link/:secret')
  showLink(
    @Param('secret') secret: string,
    @Query('next') next: unknown,
    @Visit('anyone') visit: ConsoleVisit,
    @Res() response: Response,
  ): void {
    const page = RedeemLinkPage({ csrf: visit.csrf, secret, next: safeNext(typeof next === 'string' ? next : null) });
    sendConsolePage(response, 200, page);
  }

  @Post('link')
  async useLink(@Posted('anyone') posted: ConsoleVisit, @Res() response: Response): Promise<void> {
    const { form } = posted;
    const result = await this.redeemLink.execute({ secret: form.get('secret') ?? '', origin: posted.origin });
    if (result.outcome !== 'signed_in') {
      const [status, title, explanation] = LINK_REFUSALS[result.outcome];
      throw new PageError(status, title, explanation);
    }
    this.door.cookies.setSession(response, result.sessionSecret);
    redirect(response, result.organizationId ? safeNext(form.get('next')) : '/console/organizations');
  }

  @Get('organizations')
  organizations(@Visit('signed-in') visit: SignedInVisit, @Res() response: Response): void {
    sendConsolePage(response, 200, OrganizationsPage(visit.chrome));
  }

  @Post('organizations')
  async switchTo(@Posted('signed-in') posted: SignedInVisit, @Res() response: Response): Promise<void> {
    await this.switchOrganization.execute({
      context: posted.context,
      organizationId: posted.form.get('organization_id') ?? '',
      origin: posted.origin,
    });
    redirect(response, '/console');
  }

  @Post('sign-out')
  async signOutHere(@Posted('signed-in') posted: SignedInVisit, @Res() response: Response): Promise<void> {
    await this.end(posted, response, false);
  }

  @Post('sign-out-everywhere')
  async signOutEverywhere(@Posted('signed-in') posted: SignedInVisit, @Res() response: Response): Promise<void> {
    await this.end(posted, response, true);
  }

  private async end(posted: SignedInVisit, response: Response, everywhere: boolean): Promise<void> {
    await this.signOut.execute({ context: posted.context, everywhere, origin: posted.origin });
    this.door.cookies.clearSession(response);
    redirect(response, '/console/sign-in');
  }
}
