import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import pino from 'pino';
import { loggablePath, requestBindings, requestLog } from './request-log';

describe('loggablePath', () => {
  it('drops the query string, which holds personal data', () => {
    expect(loggablePath('/api/v1/people?email=ada%40example.com&name=Ada')).toBe('/api/v1/people');
  });

  it("never logs the attestation page's secret, whatever the letter case", () => {
    expect(loggablePath('/attest/s3cr3t-token')).toBe('/attest/[redacted]');
    expect(loggablePath('/ATTEST/s3cr3t-token?x=1')).toBe('/ATTEST/[redacted]');
    expect(loggablePath('/attest/s3cr3t-token/confirm')).toBe('/attest/[redacted]/confirm');
  });
});

describe('requestLog', () => {
  /** A node:http server behind `requestLog`, writing its lines into `lines`; `handle` answers each request. */
  async function serve(level: string, handle: (response: ServerResponse) => void) {
    const lines: Record<string, unknown>[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) =>
      lines.push(
        ...chunk
          .toString()
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line)),
      ),
    );
    const logger = pino({ level, mixin: requestBindings }, stream);
    const middleware = requestLog(() => logger, level);
    const server = createServer((request, response) =>
      middleware(request, response, () => {
        logger.warn('inside');
        handle(response);
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return { lines, port, close: () => new Promise((resolve) => server.close(resolve)) };
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

  it('writes one line when the response ends, and lines logged while serving carry the request', async () => {
    const app = await serve('info', (response) => response.end('{}'));
    try {
      const answer = await fetch(`http://127.0.0.1:${app.port}/attest/s3cr3t?q=1`, {
        headers: { 'x-request-id': 'r-1' },
      });
      expect(answer.headers.get('x-request-id')).toBe('r-1');
      await settle();
      expect(app.lines).toEqual([
        expect.objectContaining({
          level: 40,
          msg: 'inside',
          req: { id: 'r-1', method: 'GET', url: '/attest/[redacted]' },
        }),
        expect.objectContaining({
          level: 30,
          msg: 'request completed',
          req: { id: 'r-1', method: 'GET', url: '/attest/[redacted]' },
          res: expect.objectContaining({ statusCode: 200 }),
          responseTime: expect.any(Number),
        }),
      ]);
    } finally {
      await app.close();
    }
  });

  it('says when the client left before the answer, and writes no success line below the level', async () => {
    let hangUp: () => void = () => undefined;
    const app = await serve('info', () => hangUp());
    const quiet = await serve('warn', (response) => response.end('{}'));
    try {
      const controller = new AbortController();
      hangUp = () => controller.abort();
      await fetch(`http://127.0.0.1:${app.port}/slow`, { signal: controller.signal }).catch(() => undefined);
      await fetch(`http://127.0.0.1:${quiet.port}/fast`);
      await settle();
      expect(app.lines.at(-1)).toMatchObject({ msg: 'request aborted', res: { statusCode: null } });
      expect(quiet.lines.map((line) => line.msg)).toEqual(['inside']);
    } finally {
      await app.close();
      await quiet.close();
    }
  });
});
