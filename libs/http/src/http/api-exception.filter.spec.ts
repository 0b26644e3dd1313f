import { ArgumentsHost, HttpException, Logger, NotFoundException } from '@nestjs/common';
import { InvalidRequestError, NotFoundError, ValidationFailedError } from '@lib/core';
import { ApiException } from './api-exception';
import { ApiExceptionFilter } from './api-exception.filter';

function answer(exception: unknown, path = '/api/v1/x') {
  const sent: { status?: number; body?: unknown; headers: Record<string, string> } = { headers: {} };
  const response = {
    headersSent: false,
    setHeader: (name: string, value: string) => (sent.headers[name] = value),
    status(code: number) {
      sent.status = code;
      return this;
    },
    json(body: unknown) {
      sent.body = body;
    },
  };
  const host = {
    switchToHttp: () => ({ getRequest: () => ({ originalUrl: path, url: path }), getResponse: () => response }),
  } as unknown as ArgumentsHost;
  new ApiExceptionFilter().catch(exception, host);
  return sent;
}

describe('ApiExceptionFilter', () => {
  // The filter logs what it hides from clients; keep the test output readable.
  beforeAll(() => Logger.overrideLogger(false));
  afterAll(() => Logger.overrideLogger(['log', 'error', 'warn']));

  it('maps domain errors to the contract bodies', () => {
    expect(answer(new NotFoundError())).toMatchObject({ status: 404, body: { error: 'Not found.' } });
    expect(answer(new InvalidRequestError('No published revision.'))).toMatchObject({
      status: 400,
      body: { error: 'No published revision.' },
    });
    expect(answer(new ValidationFailedError({ email: ['The email field is required.'] }))).toMatchObject({
      status: 422,
      body: { message: 'The email field is required.', errors: { email: ['The email field is required.'] } },
    });
  });

  it('sends an ApiException body and headers as they are', () => {
    const sent = answer(ApiException.tooManyRequests({ 'Retry-After': '12' }));
    expect(sent).toMatchObject({
      status: 429,
      body: { message: 'Too Many Attempts.' },
      headers: { 'Retry-After': '12' },
    });
  });

  it('answers unexpected errors 500 without stack, message or class name', () => {
    const sent = answer(new TypeError('relation "secret_table" does not exist at /srv/app.js:12'));
    expect(sent).toMatchObject({ status: 500, body: { error: 'Server Error.' } });
    expect(JSON.stringify(sent.body)).not.toMatch(/secret_table|TypeError|app\.js/);
  });

  it('answers connection failures 503', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(answer(refused)).toMatchObject({ status: 503, body: { error: 'Service Unavailable.' } });
    const wrapped = Object.assign(new Error('query failed'), {
      driverError: { code: '57P01', message: 'terminating' },
    });
    expect(answer(wrapped).status).toBe(503);
  });

  it('keeps the contract shapes for framework exceptions', () => {
    expect(answer(new NotFoundException('Cannot GET /x'))).toMatchObject({
      status: 404,
      body: { error: 'Not found.' },
    });
    expect(answer(new HttpException('whatever', 401))).toMatchObject({
      status: 401,
      body: { error: 'Unauthenticated.' },
    });
    expect(answer(new HttpException('whatever', 403))).toMatchObject({
      status: 403,
      body: { message: 'This action is unauthorized.' },
    });
  });
});
