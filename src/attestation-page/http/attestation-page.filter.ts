import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { NotFoundError } from '@lib/core';
import { ApiException, isInfrastructureOutage } from '@lib/http';
import { problemPage, RenderedPage } from './attestation-page.views';
import { sendPage } from './page-headers';
import { PageError } from './page-error';

/**
 * Failures on the attestation page are answered as pages, not as the API's JSON: a person reads them. Nothing
 * internal is shown; unexpected errors are logged and answered with a generic page.
 */
@Catch()
export class AttestationPageFilter implements ExceptionFilter {
  private readonly logger = new Logger('AttestationPage');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    if (response.headersSent) return;
    const page = this.pageFor(exception, response);
    sendPage(response, page.status, page.body);
  }

  private pageFor(exception: unknown, response: Response): RenderedPage {
    if (exception instanceof NotFoundError) {
      return problemPage(
        404,
        'This link is not valid',
        'Check that you opened the whole link from your email. If it still does not work, ask whoever sent it ' +
          'for a new one.',
      );
    }
    if (exception instanceof PageError) return problemPage(exception.status, exception.title, exception.explanation);
    if (exception instanceof ApiException && exception.getStatus() === 429) {
      for (const [name, value] of Object.entries(exception.headers)) response.setHeader(name, value);
      return problemPage(429, 'Too many attempts', 'Wait a minute, then try again.');
    }
    if (exception instanceof HttpException && exception.getStatus() < 500) {
      return problemPage(exception.getStatus(), 'This page cannot be shown', 'Check the link in your email.');
    }
    const outage = isInfrastructureOutage(exception);
    if (outage) response.setHeader('Retry-After', '5');
    else this.logger.error({ err: exception }, 'attestation page failed');
    return problemPage(
      outage ? 503 : 500,
      'Sorry, something went wrong',
      'Nothing was signed. Try again in a few minutes.',
    );
  }
}
