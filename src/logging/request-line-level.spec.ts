import type { IncomingMessage, ServerResponse } from 'node:http';
import { requestLineLevel } from './request-line-level';

const request = {} as IncomingMessage;
const answered = (statusCode: number) => ({ statusCode }) as ServerResponse;

describe('requestLineLevel', () => {
  it('logs successes at info, failures and 5xx at error, where info lines are written', () => {
    for (const configured of ['trace', 'debug', 'info']) {
      const level = requestLineLevel(configured);
      expect(level(request, answered(200))).toBe('info');
      expect(level(request, answered(404))).toBe('info');
      expect(level(request, answered(503))).toBe('error');
      expect(level(request, answered(200), new Error('aborted'))).toBe('error');
    }
  });

  it('builds no line for a success where info lines are dropped, and still logs failures', () => {
    for (const configured of ['warn', 'error', 'fatal', 'silent']) {
      const level = requestLineLevel(configured);
      expect(level(request, answered(200))).toBe('silent');
      expect(level(request, answered(422))).toBe('silent');
      expect(level(request, answered(500))).toBe('error');
      expect(level(request, answered(201), new Error('aborted'))).toBe('error');
    }
  });
});
