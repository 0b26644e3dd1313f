import { requestLineLevel } from './request-line-level';

describe('requestLineLevel', () => {
  it('logs successes at info, 5xx at error, where info lines are written', () => {
    for (const configured of ['trace', 'debug', 'info']) {
      const level = requestLineLevel(configured);
      expect(level(200)).toBe('info');
      expect(level(404)).toBe('info');
      expect(level(503)).toBe('error');
    }
  });

  it('builds no line for a success where info lines are dropped, and still logs 5xx', () => {
    for (const configured of ['warn', 'error', 'fatal', 'silent']) {
      const level = requestLineLevel(configured);
      expect(level(200)).toBe('silent');
      expect(level(422)).toBe('silent');
      expect(level(500)).toBe('error');
    }
  });
});
