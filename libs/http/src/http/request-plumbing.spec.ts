import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ExecutionContext } from '@nestjs/common';
import { NotFoundError } from '@lib/core';
import { ApiException } from './api-exception';
import { isInfrastructureOutage } from './outage';
import { PathIdGuard } from './path-id.guard';
import { assignRequestId } from './request-id';
import { UlidPathPipe } from './ulid-path.pipe';

const ID = '01JD0000000000000000000001';

describe('assignRequestId', () => {
  const assign = (given: string | string[] | undefined) => {
    const headers: Record<string, string> = {};
    const response = {
      setHeader: (name: string, value: string) => (headers[name] = value),
    } as unknown as ServerResponse;
    const id = assignRequestId({ headers: { 'x-request-id': given } } as unknown as IncomingMessage, response);
    expect(headers['X-Request-Id']).toBe(id);
    return id;
  };

  it("echoes a client's short plain id, and makes a UUID for any other", () => {
    expect(assign('abc.DEF_1:2-3')).toBe('abc.DEF_1:2-3');
    expect(assign('a'.repeat(128))).toBe('a'.repeat(128));
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    for (const given of ['a'.repeat(129), '', 'a b', 'a\nb', 'x"y', undefined, ['a', 'b']]) {
      expect(assign(given)).toMatch(uuid);
    }
    expect(assign(undefined)).not.toBe(assign(undefined));
  });
});

describe('path ids', () => {
  it('the pipe lowercases a ULID and answers 404 for anything else', () => {
    expect(new UlidPathPipe().transform(ID)).toBe(ID.toLowerCase());
    expect(() => new UlidPathPipe().transform('42')).toThrow(NotFoundError);
  });

  const contextOf = (url: string, params: Record<string, unknown>, originalUrl?: string) =>
    ({ switchToHttp: () => ({ getRequest: () => ({ url, originalUrl, params }) }) }) as unknown as ExecutionContext;

  it('the guard answers 404 for a malformed id under /api/v1, in the words of its kind', () => {
    const guard = new PathIdGuard(() => false);
    expect(guard.canActivate(contextOf('/api/v1/people/x', { id: ID, other: ID.toLowerCase() }))).toBe(true);
    expect(() => guard.canActivate(contextOf('/api/v1/people/x', { id: 'x' }))).toThrow(
      new NotFoundError('Not found.'),
    );
    expect(() => guard.canActivate(contextOf('/API/V1/groups/x', { group: 'x' }))).toThrow(
      new NotFoundError('Group not found.'),
    );
    expect(() => guard.canActivate(contextOf('/x', { id: ['a'] }, '/api/v1/people/a'))).toThrow(NotFoundError);
    expect(guard.canActivate(contextOf('/api/v1/people', undefined as never))).toBe(true);
  });

  it('the guard leaves routes outside /api/v1, and public ones, alone', () => {
    expect(new PathIdGuard(() => false).canActivate(contextOf('/attest/x', { token: 'x' }))).toBe(true);
    expect(new PathIdGuard(() => false).canActivate(contextOf('/x/api/v1/', { id: 'x' }))).toBe(true);
    expect(new PathIdGuard(() => true).canActivate(contextOf('/api/v1/docs/x', { file: 'x' }))).toBe(true);
  });
});

describe('isInfrastructureOutage', () => {
  it.each([
    { code: 'ECONNREFUSED' },
    { code: 'ECONNRESET' },
    { code: 'ETIMEDOUT' },
    { code: 'EHOSTUNREACH' },
    { code: 'ENOTFOUND' },
    { code: 'EPIPE' },
    { code: '08006' },
    { code: '57P01' },
    { code: '57P03' },
    { code: '53300' },
    { code: '57014' },
    { message: 'Connection terminated unexpectedly' },
    { message: 'timeout exceeded when trying to connect' },
    { message: 'Client has encountered a connection error and is not queryable' },
    { message: "Stream isn't writeable and enableOfflineQueue options is false" },
    { message: 'Connection is closed.' },
    { message: 'Reached the max retries per request limit (which is 1). MaxRetriesPerRequest' },
    { message: 'the database system is starting up' },
    { message: 'the database system is shutting down' },
    { message: 'terminating connection due to administrator command' },
    { message: 'Query read timeout' },
    { driverError: { code: 'ECONNREFUSED' } },
    { cause: { cause: { cause: { code: '08001' } } } },
  ])('takes %j for an outage', (error) => expect(isInfrastructureOutage(error)).toBe(true));

  it.each([
    null,
    undefined,
    'ECONNREFUSED',
    {},
    { code: '23505' },
    { code: '57P04' },
    { code: 'x08' },
    { code: 'x57P01' },
    { code: '57P010' },
    { code: 7, message: 7 },
    { message: 'duplicate key value violates unique constraint' },
    { cause: { cause: { cause: { cause: { code: '08001' } } } } },
  ])('does not take %j for one', (error) => expect(isInfrastructureOutage(error)).toBe(false));
});

describe('ApiException', () => {
  it("carries the contract's bodies and headers", () => {
    expect(ApiException.unauthenticated()).toMatchObject({ body: { error: 'Unauthenticated.' }, headers: {} });
    expect(ApiException.unauthenticated().getStatus()).toBe(401);
    expect(ApiException.forbidden().getStatus()).toBe(403);
    expect(ApiException.forbidden().body).toEqual({ message: 'This action is unauthorized.' });
    const payment = ApiException.paymentRequired('https://billing.example.test');
    expect(payment.getStatus()).toBe(402);
    expect(payment.body).toEqual({
      message: 'Your organization has no active trial or subscription.',
      payment_url: 'https://billing.example.test',
    });
    const limited = ApiException.tooManyRequests({ 'Retry-After': '3' });
    expect(limited.getStatus()).toBe(429);
    expect(limited).toMatchObject({ body: { message: 'Too Many Attempts.' }, headers: { 'Retry-After': '3' } });
    expect(limited.getResponse()).toEqual({ message: 'Too Many Attempts.' });
  });
});
