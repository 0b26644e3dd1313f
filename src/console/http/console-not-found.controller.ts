import { All, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { RouteCatalog, unknownRouteAnswer } from '@lib/http';
import { ProblemPage } from '../views/problem-page';
import { sendConsolePage } from './console-page';
import { ConsoleController } from './console-controller';

/**
 * Any path under /console that no page claims: a console page (404, or 405 with `Allow` for a page's path asked
 * with another method) instead of the API's JSON, which Nest's own not-found handler (mounted after every route)
 * would give through the API's exception filter. Nest registers routes in the order of modules and of their
 * controllers, and this is the console module's last, so every console page comes before it.
 */
@ConsoleController('')
export class ConsoleNotFoundController {
  constructor(private readonly routes: RouteCatalog) {}

  @All('{*rest}')
  unknown(@Req() request: Request, @Res() response: Response): void {
    const { status, headers } = unknownRouteAnswer(this.routes, request);
    if (headers) response.set(headers);
    const page =
      status === 405
        ? ProblemPage({
            status,
            title: 'This page cannot be shown',
            explanation: 'Go back to the console and try again.',
          })
        : ProblemPage({
            status,
            title: 'Page not found',
            explanation: 'There is no such page in the console. Check the address, or start again from the console.',
          });
    sendConsolePage(response, status, page);
  }
}
