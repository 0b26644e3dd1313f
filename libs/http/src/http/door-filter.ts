import type { ArgumentsHost, ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';

/**
 * The filter of a door that answers every failure in its own shape (the recipient's page, the console's pages,
 * SCIM's errors): nothing once an answer has begun, since its status and headers are gone.
 */
export abstract class DoorFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const response = http.getResponse<Response>();
    if (response.headersSent) return;
    this.answer(exception, response, http.getRequest<Request>());
  }

  protected abstract answer(exception: unknown, response: Response, request: Request): void;
}
