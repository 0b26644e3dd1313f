import type { ArgumentsHost } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DoorFilter } from './door-filter';

class RecordingFilter extends DoorFilter {
  readonly answered: [unknown, Response, Request][] = [];
  protected answer(exception: unknown, response: Response, request: Request): void {
    this.answered.push([exception, response, request]);
  }
}

const hostOf = (request: object, response: object) =>
  ({ switchToHttp: () => ({ getRequest: () => request, getResponse: () => response }) }) as unknown as ArgumentsHost;

describe('DoorFilter', () => {
  it('answers the failure with the request and the response', () => {
    const filter = new RecordingFilter();
    const [request, response, failure] = [{ path: '/x' }, { headersSent: false }, new Error('boom')];
    filter.catch(failure, hostOf(request, response));
    expect(filter.answered).toEqual([[failure, response, request]]);
  });

  it('answers nothing once an answer has begun', () => {
    const filter = new RecordingFilter();
    filter.catch(new Error('boom'), hostOf({}, { headersSent: true }));
    expect(filter.answered).toEqual([]);
  });
});
