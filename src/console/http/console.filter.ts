import { Catch, HttpException, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { DomainError, NotFoundError, ValidationFailedError } from '@lib/core';
import { ApiException, DoorFilter, isInfrastructureOutage } from '@lib/http';
import { PageError } from '../../attestation-page/http/page-error';
import { ProblemPage } from '../views/problem-page';
import { ConsoleRedirect } from './console-door';
import { redirect, sendConsolePage } from './console-page';

/** The console answers every failure with a page a person can read; nothing internal is shown. */
@Catch()
export class ConsoleFilter extends DoorFilter {
  private readonly logger = new Logger('Console');

  protected answer(exception: unknown, response: Response): void {
    if (exception instanceof ConsoleRedirect) return redirect(response, exception.location);
    const [status, title, explanation] = this.describe(exception, response);
    sendConsolePage(response, status, ProblemPage({ status, title, explanation }));
  }

  private describe(exception: unknown, response: Response): [number, string, string | string[]] {
    if (exception instanceof PageError) return [exception.status, exception.title, exception.explanation];
    if (exception instanceof NotFoundError) {
      return [404, 'Not found', 'It does not exist in your organization, or it was removed.'];
    }
    if (exception instanceof ValidationFailedError) {
      return [422, 'Please check what you entered', Object.values(exception.errors).flat()];
    }
    if (exception instanceof DomainError) {
      // A rule of the use-case refused (an illegal move, a conflict): its message says which, in the API's words.
      return [exception.code === 'invalid_request' ? 400 : 409, 'This cannot be done', exception.message];
    }
    if (exception instanceof ApiException && exception.getStatus() === 429) {
      for (const [name, value] of Object.entries(exception.headers)) response.setHeader(name, value);
      return [429, 'Too many attempts', 'Wait a minute, then try again.'];
    }
    if (exception instanceof HttpException && exception.getStatus() < 500) {
      return [exception.getStatus(), 'This page cannot be shown', 'Go back to the console and try again.'];
    }
    const outage = isInfrastructureOutage(exception);
    if (outage) response.setHeader('Retry-After', '5');
    else this.logger.error({ err: exception }, 'console page failed');
    return [outage ? 503 : 500, 'Sorry, something went wrong', 'Nothing was changed. Try again in a few minutes.'];
  }
}
