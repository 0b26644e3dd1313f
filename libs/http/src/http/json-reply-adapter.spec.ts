import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableFile } from '@nestjs/common';
import type { Express, Request, Response } from 'express';
import { JsonReplyAdapter } from './json-reply-adapter';

/** One route per case, each answering through the adapter's reply, as Nest's router does. */
async function serve(): Promise<{ server: Server; origin: string }> {
  const adapter = new JsonReplyAdapter();
  adapter.initHttpServer({});
  const app = adapter.getInstance<Express>();
  const reply =
    (body: unknown, status?: number, before?: (response: Response) => void) =>
    (_request: Request, response: Response) => {
      before?.(response);
      adapter.reply(response, body, status);
    };
  app.all('/object', reply({ name: 'Zoë', n: 1 }, 201));
  app.get('/array', reply([1, 'ü']));
  app.get(
    '/status-set',
    reply({ a: 1 }, undefined, (response) => response.status(202)),
  );
  app.get('/no-content', reply({ a: 1 }, 204));
  app.get('/not-modified', reply({ a: 1 }, 304));
  app.get(
    '/typed',
    reply({ a: 1 }, 200, (response) => response.setHeader('Content-Type', 'application/problem+json')),
  );
  app.get(
    '/chunked',
    reply({ a: 1 }, 200, (response) => response.setHeader('Transfer-Encoding', 'chunked')),
  );
  app.get('/text', reply('plain', 200));
  app.get('/null', reply(null, 200));
  app.get(
    '/class',
    reply(
      new (class Dto {
        a = 1;
      })(),
      200,
    ),
  );
  app.get('/date', reply(new Date(0), 200));
  app.get('/file', reply(new StreamableFile(Buffer.from('bytes')), 200));
  const server = adapter.getHttpServer() as Server;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe("JsonReplyAdapter's reply", () => {
  let served: { server: Server; origin: string };
  beforeAll(async () => (served = await serve()));
  afterAll(async () => {
    served.server.close();
    served.server.closeAllConnections();
    await once(served.server, 'close');
  });
  const get = (path: string, method = 'GET') => fetch(`${served.origin}${path}`, { method });

  it('writes a plain object or array as JSON itself: the status, the UTF-8 length, the charset', async () => {
    const object = await get('/object', 'POST');
    expect(object.status).toBe(201);
    expect(object.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(object.headers.get('content-length')).toBe(String(Buffer.byteLength('{"name":"Zoë","n":1}')));
    expect(await object.text()).toBe('{"name":"Zoë","n":1}');
    const array = await get('/array');
    expect(array.status).toBe(200);
    expect(await array.text()).toBe('[1,"ü"]');
    const statusSet = await get('/status-set');
    expect(statusSet.status).toBe(202);
    expect(await statusSet.json()).toEqual({ a: 1 });
  });

  it('leaves a HEAD, no-body statuses and answers with their own type or encoding to Express', async () => {
    const head = await get('/object', 'HEAD');
    expect(head.status).toBe(201);
    expect(await head.text()).toBe('');
    expect((await get('/no-content')).status).toBe(204);
    expect((await get('/not-modified')).status).toBe(304);
    const typed = await get('/typed');
    expect(typed.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await typed.json()).toEqual({ a: 1 });
    const chunked = await get('/chunked');
    expect(chunked.headers.get('content-length')).toBeNull();
    expect(await chunked.json()).toEqual({ a: 1 });
  });

  it("leaves what is not a plain object or array to Nest's own reply", async () => {
    const text = await get('/text');
    expect(text.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await text.text()).toBe('plain');
    expect(await (await get('/null')).text()).toBe('');
    const dto = await get('/class');
    expect(await dto.json()).toEqual({ a: 1 });
    expect(await (await get('/date')).text()).toBe('"1970-01-01T00:00:00.000Z"');
    expect(await (await get('/file')).text()).toBe('bytes');
  });
});
