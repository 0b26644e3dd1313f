import { Catch, HttpException, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { NotFoundError } from '@lib/core';
import { ApiException, DoorFilter, isInfrastructureOutage } from '@lib/http';
import { Translator } from '../../i18n/translator';
import { problemPage, RenderedPage } from './attestation-page.views';
import { sendPage } from './page-headers';
import { PageProblem } from './page-error';

/**
 * Failures on the attestation page are answered as pages, not as the API's JSON: a person reads them. Nothing
 * internal is shown; unexpected errors are logged and answered with a generic page.
 */
@Catch()
export class AttestationPageFilter extends DoorFilter {
  private readonly logger = new Logger('AttestationPage');

  protected answer(exception: unknown, response: Response, request: Request): void {
    // Nobody is known yet (an unknown link, a refused form): the browser's languages choose.
    const t = Translator.negotiate(request.headers['accept-language']);
    const page = this.pageFor(t, exception, response);
    sendPage(response, page.status, page.body);
  }

  private pageFor(t: Translator, exception: unknown, response: Response): RenderedPage {
    if (exception instanceof NotFoundError) {
      return problemPage(t, 404, 'page.problem.notFound.title', 'page.problem.notFound.text');
    }
    if (exception instanceof PageProblem) {
      return problemPage(t, exception.status, exception.title, exception.explanation);
    }
    if (exception instanceof ApiException && exception.getStatus() === 429) {
      for (const [name, value] of Object.entries(exception.headers)) response.setHeader(name, value);
      return problemPage(t, 429, 'page.problem.tooMany.title', 'page.problem.tooMany.text');
    }
    if (exception instanceof HttpException && exception.getStatus() < 500) {
      return problemPage(t, exception.getStatus(), 'page.problem.cannotShow.title', 'page.problem.cannotShow.text');
    }
    const outage = isInfrastructureOutage(exception);
    if (outage) response.setHeader('Retry-After', '5');
    else this.logger.error({ err: exception }, 'attestation page failed');
    return problemPage(t, outage ? 503 : 500, 'page.problem.failed.title', 'page.problem.failed.text');
  }
}
