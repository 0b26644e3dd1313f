import { ArgumentsHost, HttpException, Logger, NotFoundException } from '@nestjs/common';
import { IllegalTransitionError, InvalidRequestError, NotFoundError, ValidationFailedError } from '@lib/core';
import { ApiException } from './api-exception';
import { ApiExceptionFilter, unknownRouteAnswer } from './api-exception.filter';
import type { RouteCatalog } from './route-catalog';

/** The filter's answer, through a response that records what it is told (and one already sent). */
function answer(exception: unknown, options: { routes?: RouteCatalog; path?: string; headersSent?: boolean } = {}) {
  const sent: { status?: number; body?: unknown; headers: Record<string, string> } = { headers: {} };
  const path = options.path ?? '/api/v1/x';
  const response = {
    headersSent: options.headersSent ?? false,
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
  new ApiExceptionFilter(options.routes).catch(exception, host);
  return sent;
}

const routesAllowing = (methods: string[]) =>
  ({ methodsFor: (path: string) => (path === '/api/v1/people' ? methods : []) }) as unknown as RouteCatalog;

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

describe('ApiExceptionFilter, every answer', () => {
  beforeAll(() => Logger.overrideLogger(false));
  afterAll(() => Logger.overrideLogger(['log', 'error', 'warn']));

  it('answers a refused state change 409, and sends nothing once headers are sent', () => {
    expect(answer(new IllegalTransitionError('The request is attested.'))).toEqual({
      status: 409,
      body: { error: 'The request is attested.' },
      headers: {},
    });
    expect(answer(new IllegalTransitionError('x'), { headersSent: true })).toEqual({ headers: {} });
  });

  it('asks a client to retry an outage after 5 seconds', () => {
    expect(answer(Object.assign(new Error('x'), { code: 'ECONNRESET' }))).toEqual({
      status: 503,
      body: { error: 'Service Unavailable.' },
      headers: { 'Retry-After': '5' },
    });
    expect(answer('a thrown string')).toEqual({ status: 500, body: { error: 'Server Error.' }, headers: {} });
  });

  it("keeps the framework's other statuses in the contract's words", () => {
    expect(answer(new HttpException('x', 429))).toMatchObject({ status: 429, body: { message: 'Too Many Attempts.' } });
    expect(answer(new HttpException('x', 413))).toMatchObject({
      status: 413,
      body: { error: 'The request body is larger than 1 MiB.' },
    });
    expect(answer(new HttpException('Gone for good.', 410))).toMatchObject({
      status: 410,
      body: { error: 'Gone for good.' },
    });
    expect(answer(new HttpException('secret detail', 502))).toMatchObject({
      status: 502,
      body: { error: 'Server Error.' },
    });
    expect(answer(new HttpException('x', 499))).toMatchObject({ status: 499, body: { error: 'x' } });
    expect(answer(new HttpException('internal detail', 500))).toMatchObject({
      status: 500,
      body: { error: 'Server Error.' },
    });
  });

  it("answers a readiness probe's 503 with the statuses only, without the dependencies' messages", () => {
    const report = {
      status: 'error',
      info: { database: { status: 'up' } },
      error: { redis: { status: 'down', message: 'connect ECONNREFUSED 10.0.0.5:6379' } },
      details: { database: { status: 'up' }, redis: { status: 'down', message: 'connect ECONNREFUSED 10.0.0.5:6379' } },
    };
    expect(answer(new HttpException(report, 503))).toEqual({
      status: 503,
      body: {
        status: 'error',
        info: { database: { status: 'up' } },
        error: { redis: { status: 'down' } },
        details: { database: { status: 'up' }, redis: { status: 'down' } },
      },
      headers: {},
    });
    const partial = answer(new HttpException({ status: 'error', details: { x: null } }, 503));
    expect(partial.body).toEqual({ status: 'error', info: {}, error: {}, details: { x: { status: undefined } } });
    expect(answer(new HttpException({ status: 'error' }, 503)).body).toEqual({ error: 'Server Error.' });
    expect(answer(new HttpException(report, 500)).body).toEqual({ error: 'Server Error.' });
    expect(answer(new HttpException('down', 503)).body).toEqual({ error: 'Server Error.' });
  });

  it('answers an unknown route 405 with Allow when the path knows other methods, else 404', () => {
    expect(
      answer(new HttpException('x', 404), {
        routes: routesAllowing(['GET', 'HEAD', 'POST']),
        path: '/api/v1/people?x=1',
      }),
    ).toEqual({
      status: 405,
      body: { error: 'Method Not Allowed.' },
      headers: { Allow: 'GET, HEAD, POST' },
    });
    expect(answer(new HttpException('x', 404), { routes: routesAllowing([]) })).toEqual({
      status: 404,
      body: { error: 'Not found.' },
      headers: {},
    });
    expect(unknownRouteAnswer(undefined, { url: '/api/v1/people' } as never)).toEqual({
      status: 404,
      body: { error: 'Not found.' },
    });
    expect(
      unknownRouteAnswer(routesAllowing(['GET']), { url: '/api/v1/people', originalUrl: undefined } as never),
    ).toMatchObject({ status: 405 });
  });

  it('logs what it hides, with the error described but never sent', () => {
    const logged: unknown[][] = [];
    const record = (level: string) =>
      function (this: Logger, ...args: unknown[]) {
        logged.push([(this as unknown as { context?: string }).context, level, ...args]);
      };
    const error = jest.spyOn(Logger.prototype, 'error').mockImplementation(record('error'));
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(record('warn'));
    const report = { status: 'error', details: { redis: { status: 'down', message: 'connect ECONNREFUSED' } } };
    try {
      answer(new TypeError('boom'));
      answer(42);
      answer(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }));
      answer(new HttpException('bad gateway', 502));
      answer(new HttpException(report, 503));
    } finally {
      error.mockRestore();
      warn.mockRestore();
    }
    const filter = 'ApiExceptionFilter';
    expect(logged).toEqual([
      [
        filter,
        'error',
        { err: expect.objectContaining({ type: 'TypeError', message: 'boom', stack: expect.any(String) }) },
        'unexpected error',
      ],
      [filter, 'error', { err: { value: '42' } }, 'unexpected error'],
      [
        filter,
        'warn',
        { err: expect.objectContaining({ type: 'Error', message: 'refused' }) },
        'dependency unavailable',
      ],
      [
        filter,
        'error',
        { err: expect.objectContaining({ type: 'HttpException', message: 'bad gateway' }) },
        'http exception',
      ],
      [filter, 'warn', { report }, 'not ready'],
    ]);
  });
});
