import { once } from 'node:events';
import type { Server } from 'node:http';
import { Server as HttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { StreamableFile } from '@nestjs/common';
import type { Express, Request, Response } from 'express';
import { JsonReplyAdapter } from './json-reply-adapter';

/** One route per case, each answering through the adapter's reply, as Nest's router does. */
async function serve(): Promise<{ server: Server; origin: string }> {
  const adapter = new JsonReplyAdapter();
  adapter.initHttpServer({});
  const app = adapter.getInstance<Express>();
  // Marks an answer written through Express's `res.send` (which `res.json` calls), so a test sees who wrote it.
  app.use((_request: Request, response: Response, next: () => void) => {
    const send = response.send.bind(response);
    response.send = ((body?: unknown) => {
      response.setHeader('X-Written-By', 'express');
      return send(body);
    }) as Response['send'];
    next();
  });
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
  app.get('/reset-content', reply({ a: 1 }, 205));
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
  app.get('/undefined', reply(undefined, 200));
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
  const writer = (answer: { headers: Headers }) => answer.headers.get('x-written-by') ?? 'adapter';

  it('writes a plain object or array as JSON itself: the status, the UTF-8 length, the charset', async () => {
    const object = await get('/object', 'POST');
    expect(object.status).toBe(201);
    expect(object.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(object.headers.get('content-length')).toBe(String(Buffer.byteLength('{"name":"Zoë","n":1}')));
    expect(await object.text()).toBe('{"name":"Zoë","n":1}');
    expect(writer(object)).toBe('adapter');
    const array = await get('/array');
    expect(array.status).toBe(200);
    expect(await array.text()).toBe('[1,"ü"]');
    expect(writer(array)).toBe('adapter');
    const statusSet = await get('/status-set');
    expect(statusSet.status).toBe(202);
    expect(await statusSet.json()).toEqual({ a: 1 });
    expect(writer(statusSet)).toBe('adapter');
  });

  it('leaves a HEAD, no-body statuses and answers with their own type or encoding to Express', async () => {
    const head = await get('/object', 'HEAD');
    expect(head.status).toBe(201);
    expect(await head.text()).toBe('');
    expect(writer(head)).toBe('express');
    for (const [path, status] of [
      ['/no-content', 204],
      ['/reset-content', 205],
      ['/not-modified', 304],
    ] as const) {
      const answer = await get(path);
      expect(answer.status).toBe(status);
      expect(await answer.text()).toBe('');
      expect(writer(answer)).toBe('express');
    }
    const typed = await get('/typed');
    expect(typed.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await typed.json()).toEqual({ a: 1 });
    expect(writer(typed)).toBe('express');
    const chunked = await get('/chunked');
    expect(chunked.headers.get('content-length')).toBeNull();
    expect(await chunked.json()).toEqual({ a: 1 });
    expect(writer(chunked)).toBe('express');
  });

  it("leaves what is not a plain object or array to Nest's own reply", async () => {
    const text = await get('/text');
    expect(text.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await text.text()).toBe('plain');
    expect(writer(text)).toBe('express');
    for (const path of ['/null', '/undefined']) {
      const answer = await get(path);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toBe('');
      expect(writer(answer)).toBe('express');
    }
    const dto = await get('/class');
    expect(await dto.json()).toEqual({ a: 1 });
    expect(writer(dto)).toBe('express');
    const date = await get('/date');
    expect(await date.text()).toBe('"1970-01-01T00:00:00.000Z"');
    expect(writer(date)).toBe('express');
    expect(await (await get('/file')).text()).toBe('bytes');
  });
});

describe("JsonReplyAdapter's server", () => {
  it("is a plain HTTP server built with Express's classes, with options or without", () => {
    for (const options of [{}, undefined]) {
      const adapter = new JsonReplyAdapter();
      const app = adapter.getInstance<Express>();
      const request: unknown = app.request;
      adapter.initHttpServer(options as never);
      expect(adapter.getHttpServer()).not.toBeInstanceOf(HttpsServer);
      expect(app.request).not.toBe(request);
    }
  });

  it("leaves HTTPS, forced closing and 503 on closing to Nest's own server", () => {
    const https = new JsonReplyAdapter();
    https.initHttpServer({ httpsOptions: {} });
    expect(https.getHttpServer()).toBeInstanceOf(HttpsServer);
    for (const options of [{ forceCloseConnections: true }, { return503OnClosing: true }]) {
      const adapter = new JsonReplyAdapter();
      const app = adapter.getInstance<Express>();
      const request: unknown = app.request;
      adapter.initHttpServer(options);
      expect(app.request).toBe(request);
    }
  });
});
