import { Controller, Get, Param, Post, Req, Res, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Access } from '@lib/http';
import type { AttestationPage } from '../application/attestation-page';
import type { InvalidOutcome, UnchangedOutcome } from '../application/form-outcome';
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

type RefusedForm = InvalidOutcome<Partial<SignatureForm>> | UnchangedOutcome;

/** A page route's path: a signing session's link, or the email link's token. */
type PagePath = { link: string; token?: undefined } | { link?: undefined; token: string };

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

  // Each route serves both doors: a signing session's page (`session/:link`) and the email link's (`:token`).
  @Get(['session/:link', ':token'])
  async showPage(@Param() path: PagePath, @Req() request: Request, @Res() response: Response) {
    await this.show(await this.enter(path, request, response), request, response);
  }

  @Post(['session/:link', ':token'])
  async signPage(@Param() path: PagePath, @Req() request: Request, @Res() response: Response) {
    await this.sign(await this.enter(path, request, response), request, response);
  }

  @Post(['session/:link/decline', ':token/decline'])
  async declinePage(@Param() path: PagePath, @Req() request: Request, @Res() response: Response) {
    await this.decline(await this.enter(path, request, response), request, response);
  }

  /** Every page route's first steps: the rate limit, then the door its path names. */
  private async enter(path: PagePath, request: Request, response: Response): Promise<PageDoor> {
    await this.rateLimit.enforce(request, response);
    return path.link !== undefined
      ? this.sessionDoor(request, path.link)
      : this.tokenDoor(request, response, path.token);
  }

  private async show(door: PageDoor, request: Request, response: Response): Promise<void> {
    // Express answers HEAD with this handler; only a real GET marks the request viewed.
    const page = await this.openAttestationPage.execute({ page: door.key, recordView: request.method !== 'HEAD' });
    this.answer(response, page, page.state === 'open' ? openPage(page, this.form(door)) : closedPage(page));
  }

  private async sign(door: PageDoor, request: Request, response: Response): Promise<void> {
    const { form, ...submitted } = await this.submitted(door, request);
    const result = await this.signAttestation.execute({
      ...submitted,
      typedName: form.get('typed_name') ?? '',
      consent: form.get('consent') === 'yes',
      shownContentSha256: form.get('content_sha256') ?? '',
      ipAddress: request.ip ?? null,
      userAgent: request.headers['user-agent'] ?? null,
    });
    if (result.outcome === 'signed') {
      return this.answer(response, result.page, signedPage(result.page, result.attestation));
    }
    this.refuse(door, response, result);
  }

  private async decline(door: PageDoor, request: Request, response: Response): Promise<void> {
    const { form, ...submitted } = await this.submitted(door, request);
    const result = await this.declineAttestation.execute({
      ...submitted,
      reason: form.get('decline_reason') ?? '',
    });
    if (result.outcome === 'declined') return this.answer(response, result.page, declinedPage(result.page));
    this.refuse(door, response, result);
  }

  /** A sign or decline form: its fields, its page, and whether it came from that page. */
  private async submitted(door: PageDoor, request: Request) {
    const form = await readFormBody(request);
    return { form, page: door.key, formIsGenuine: door.formIsGenuine(form.get('_form')) };
  }

  /**
   * A sign or decline form that changed nothing: its fields are wrong (the form again, with what was typed and
   * why), it is forged, or it was sent to a request no longer open.
   */
  private refuse(door: PageDoor, response: Response, result: RefusedForm): void {
    const { page } = result;
    if (result.outcome === 'invalid') {
      return this.answer(
        response,
        page,
        openPage(page, { ...this.form(door), ...result.typed, errors: result.errors }),
      );
    }
    this.answer(response, page, result.outcome === 'forged' ? forgedFormPage(page) : closedPage(page));
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
