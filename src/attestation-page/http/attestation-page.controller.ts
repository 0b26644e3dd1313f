import { Controller, Get, Param, Post, Req, Res, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Access } from '@lib/http';
import { OpenAttestationPage } from '../application/open-attestation-page.use-case';
import { SignAttestation } from '../application/sign-attestation.use-case';
import { AttestationPageFilter } from './attestation-page.filter';
import { closedPage, forgedFormPage, openPage, RenderedPage, signedPage } from './attestation-page.views';
import { readFormBody } from './form-body';
import { FormProtection } from './form-protection';
import { sendPage } from './page-headers';
import { PageRateLimit } from './page-rate-limit';

/**
 * The recipient's attestation page: server-rendered HTML outside /api/v1, reached by the secret link in the
 * email (no API token). It works without JavaScript, and answers every outcome with a page of its own.
 */
@Controller('attest')
@Access('public')
@ApiExcludeController() // the recipient's web page, not an operation of the API
@UseFilters(AttestationPageFilter)
export class AttestationPageController {
  constructor(
    private readonly openAttestationPage: OpenAttestationPage,
    private readonly signAttestation: SignAttestation,
    private readonly formProtection: FormProtection,
    private readonly rateLimit: PageRateLimit,
  ) {}

  @Get(':token')
  async show(@Param('token') token: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    await this.rateLimit.enforce(request, response);
    // Express answers HEAD with this handler; only a real GET marks the request viewed.
    const page = await this.openAttestationPage.execute({ token, recordView: request.method !== 'HEAD' });
    this.answer(
      response,
      page.state === 'open'
        ? openPage(page, { formToken: this.formProtection.issue(request, response, token) })
        : closedPage(page),
    );
  }

  @Post(':token')
  async sign(@Param('token') token: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    await this.rateLimit.enforce(request, response);
    const form = await readFormBody(request);
    const result = await this.signAttestation.execute({
      token,
      formIsGenuine: this.formProtection.verify(request, token, form.get('_form')),
      typedName: form.get('typed_name') ?? '',
      consent: form.get('consent') === 'yes',
      shownContentSha256: form.get('content_sha256') ?? '',
      ipAddress: request.ip ?? null,
      userAgent: request.headers['user-agent'] ?? null,
    });
    switch (result.outcome) {
      case 'signed':
        return this.answer(response, signedPage(result.page, result.attestation));
      case 'invalid':
        return this.answer(
          response,
          openPage(result.page, {
            formToken: this.formProtection.issue(request, response, token),
            typedName: result.typedName,
            errors: result.errors,
          }),
        );
      case 'forged':
        return this.answer(response, forgedFormPage(result.page));
      case 'closed':
        return this.answer(response, closedPage(result.page));
    }
  }

  private answer(response: Response, page: RenderedPage): void {
    sendPage(response, page.status, page.body);
  }
}
