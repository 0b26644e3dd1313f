import { Controller, Get, Param, Post, Req, Res, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Access } from '@lib/http';
import type { AttestationPage } from '../application/attestation-page';
import { DeclineAttestation } from '../application/decline-attestation.use-case';
import { OpenAttestationPage } from '../application/open-attestation-page.use-case';
import { OpenSigningLink } from '../application/open-signing-link.use-case';
import type { PageKey } from '../application/page-request';
import { SignAttestation } from '../application/sign-attestation.use-case';
import { AttestationPageFilter } from './attestation-page.filter';
import {
  closedPage,
  declinedPage,
  forgedFormPage,
  openPage,
  problemPage,
  RenderedPage,
  SignatureForm,
  signedPage,
} from './attestation-page.views';
import { readFormBody } from './form-body';
import { FormProtection } from './form-protection';
import { sendPage } from './page-headers';
import { PageProblem } from './page-error';
import { PageRateLimit } from './page-rate-limit';
import { Translator } from '../../i18n/translator';
import { SigningSession } from './signing-session';

/** Where a page is and how its forms are protected: by the email link's token, or by a signing session. */
interface PageDoor {
  key: PageKey;
  path: string;
  formToken(): string;
  formIsGenuine(submitted: string | null): boolean;
}

/**
 * The recipient's attestation page: server-rendered HTML outside /api/v1, reached by the secret link in the
 * email or by a one-time signing URL that opens a session of its own (no API token). It works without
 * JavaScript, and answers every outcome with a page of its own.
 */
@Controller('attest')
@Access('public')
@ApiExcludeController() // the recipient's web page, not an operation of the API
@UseFilters(AttestationPageFilter)
export class AttestationPageController {
  constructor(
    private readonly openAttestationPage: OpenAttestationPage,
    private readonly signAttestation: SignAttestation,
    private readonly declineAttestation: DeclineAttestation,
    private readonly openSigningLink: OpenSigningLink,
    private readonly formProtection: FormProtection,
    private readonly session: SigningSession,
    private readonly rateLimit: PageRateLimit,
  ) {}

  /** A signing URL's one load: opens the page's session in this browser and goes to it. */
  @Get('link/:token')
  async openLink(@Param('token') token: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    await this.rateLimit.enforce(request, response);
    const result = await this.openSigningLink.execute({ token });
    if (result.outcome === 'refused') {
      const page = problemPage(
        Translator.for(result.locale),
        410,
        result.reason === 'used' ? 'page.link.usedTitle' : 'page.link.expiredTitle',
        'page.link.refusedText',
        { organization: result.organizationName },
      );
      return sendPage(response, page.status, page.body, result.frameOrigins);
    }
    this.session.open(response, result.linkId);
    response
      .status(303)
      .set({ Location: SigningSession.pathOf(result.linkId), 'Cache-Control': 'no-store' })
      .end();
  }

  @Get('session/:link')
  async showSession(@Param('link') link: string, @Req() request: Request, @Res() response: Response) {
    await this.rateLimit.enforce(request, response);
    await this.show(this.sessionDoor(request, link), request, response);
  }

  @Post('session/:link')
  async signInSession(@Param('link') link: string, @Req() request: Request, @Res() response: Response) {
    await this.rateLimit.enforce(request, response);
    await this.sign(this.sessionDoor(request, link), request, response);
  }

  @Post('session/:link/decline')
  async declineInSession(@Param('link') link: string, @Req() request: Request, @Res() response: Response) {
    await this.rateLimit.enforce(request, response);
    await this.decline(this.sessionDoor(request, link), request, response);
  }

  @Get(':token')
  async showByToken(@Param('token') token: string, @Req() request: Request, @Res() response: Response) {
    await this.rateLimit.enforce(request, response);
    await this.show(this.tokenDoor(request, response, token), request, response);
  }

  @Post(':token')
  async signByToken(@Param('token') token: string, @Req() request: Request, @Res() response: Response) {
    await this.rateLimit.enforce(request, response);
    await this.sign(this.tokenDoor(request, response, token), request, response);
  }

  @Post(':token/decline')
  async declineByToken(@Param('token') token: string, @Req() request: Request, @Res() response: Response) {
    await this.rateLimit.enforce(request, response);
    await this.decline(this.tokenDoor(request, response, token), request, response);
  }

  private async show(door: PageDoor, request: Request, response: Response): Promise<void> {
    // Express answers HEAD with this handler; only a real GET marks the request viewed.
    const page = await this.openAttestationPage.execute({ page: door.key, recordView: request.method !== 'HEAD' });
    this.answer(response, page, page.state === 'open' ? openPage(page, this.form(door)) : closedPage(page));
  }

  private async sign(door: PageDoor, request: Request, response: Response): Promise<void> {
    const form = await readFormBody(request);
    const result = await this.signAttestation.execute({
      page: door.key,
      formIsGenuine: door.formIsGenuine(form.get('_form')),
      typedName: form.get('typed_name') ?? '',
      consent: form.get('consent') === 'yes',
      shownContentSha256: form.get('content_sha256') ?? '',
      ipAddress: request.ip ?? null,
      userAgent: request.headers['user-agent'] ?? null,
    });
    switch (result.outcome) {
      case 'signed':
        return this.answer(response, result.page, signedPage(result.page, result.attestation));
      case 'invalid':
        return this.answer(
          response,
          result.page,
          openPage(result.page, { ...this.form(door), typedName: result.typedName, errors: result.errors }),
        );
      case 'forged':
        return this.answer(response, result.page, forgedFormPage(result.page));
      case 'closed':
        return this.answer(response, result.page, closedPage(result.page));
    }
  }

  private async decline(door: PageDoor, request: Request, response: Response): Promise<void> {
    const form = await readFormBody(request);
    const result = await this.declineAttestation.execute({
      page: door.key,
      formIsGenuine: door.formIsGenuine(form.get('_form')),
      reason: form.get('decline_reason') ?? '',
    });
    switch (result.outcome) {
      case 'declined':
        return this.answer(response, result.page, declinedPage(result.page));
      case 'invalid':
        return this.answer(
          response,
          result.page,
          openPage(result.page, { ...this.form(door), declineReason: result.reason, errors: result.errors }),
        );
      case 'forged':
        return this.answer(response, result.page, forgedFormPage(result.page));
      case 'closed':
        return this.answer(response, result.page, closedPage(result.page));
    }
  }

  private form(door: PageDoor): SignatureForm {
    return { formToken: door.formToken(), pagePath: door.path };
  }

  private tokenDoor(request: Request, response: Response, token: string): PageDoor {
    return {
      key: { token },
      path: `/attest/${encodeURIComponent(token)}`,
      formToken: () => this.formProtection.issue(request, response, token),
      formIsGenuine: (submitted) => this.formProtection.verify(request, token, submitted),
    };
  }

  /** A signing session's page: only in the browser holding its cookie. */
  private sessionDoor(request: Request, link: string): PageDoor {
    const secret = this.session.secretIn(request, link);
    if (secret === null) {
      throw new PageProblem(403, 'page.session.missingTitle', 'page.session.missingText');
    }
    return {
      key: { sessionOf: link },
      path: SigningSession.pathOf(link),
      formToken: () => this.formProtection.issueForSession(link, secret),
      formIsGenuine: (submitted) => this.formProtection.verifyForSession(link, secret, submitted),
    };
  }

  private answer(response: Response, page: AttestationPage, rendered: RenderedPage): void {
    sendPage(response, rendered.status, rendered.body, page.frameOrigins);
  }
}
