import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Express, Request, Response } from 'express';
import { JsonReplyAdapter } from './json-reply-adapter';

/** What Node's server built, seen before Express handles it, and what Express's own methods answered. */
async function serve(adapter: JsonReplyAdapter): Promise<{ server: Server; origin: string; built: object[] }> {
  adapter.initHttpServer({});
  const app = adapter.getInstance<Express>();
  app.set('trust proxy', 'loopback');
  app.get('/probe/:id', (request: Request, response: Response) => {
    response
      .status(201)
      .set('X-Probe', 'yes')
      .json({
        ip: request.ip,
        path: request.path,
        protocol: request.protocol,
        id: request.params.id,
        query: request.query,
        forwardedHost: request.hostname,
        accepts: request.accepts('json'),
      });
  });
  const server = adapter.getHttpServer() as Server;
  const built: object[] = [];
  server.prependListener('request', (request: object, response: object) => {
    built.push(Object.getPrototypeOf(request) as object, Object.getPrototypeOf(response) as object);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, built };
}

describe('the HTTP server of JsonReplyAdapter', () => {
  let server: Server | undefined;
  afterEach(async () => {
    if (server) {
      // fetch keeps its connections alive; left open, they would outlive the test.
      server.close();
      server.closeAllConnections();
      await once(server, 'close');
    }
    server = undefined;
  });

  it("builds requests and responses on the application's own prototypes, so Express has nothing to swap", async () => {
    const adapter = new JsonReplyAdapter();
    const served = await serve(adapter);
    server = served.server;
    await (await fetch(`${served.origin}/probe/abc`)).text();
    const app = adapter.getInstance<Express>();
    expect(served.built).toHaveLength(2);
    expect(served.built[0]).toBe(app.request);
    expect(served.built[1]).toBe(app.response);
  });

  it("keeps Express's request and response methods and getters", async () => {
    const served = await serve(new JsonReplyAdapter());
    server = served.server;
    const response = await fetch(`${served.origin}/probe/abc?x=1&y=2`, {
      headers: { 'X-Forwarded-For': '203.0.113.9', 'X-Forwarded-Host': 'api.example', Accept: 'application/json' },
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('x-probe')).toBe('yes');
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await response.json()).toEqual({
      ip: '203.0.113.9',
      path: '/probe/abc',
      protocol: 'http',
      id: 'abc',
      query: { x: '1', y: '2' },
      forwardedHost: 'api.example',
      accepts: 'json',
    });
  });
});
