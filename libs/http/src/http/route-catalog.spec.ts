import { METHODS } from 'node:http';
import type { HttpAdapterHost } from '@nestjs/core';
import express from 'express';
import { RouteCatalog } from './route-catalog';

function catalogOf(build: (app: express.Express) => void): RouteCatalog {
  const app = express();
  build(app);
  return new RouteCatalog({ httpAdapter: { getInstance: () => app } } as unknown as HttpAdapterHost);
}

describe('RouteCatalog', () => {
  const noop = (_req: express.Request, res: express.Response) => void res.end();

  it('lists the registered routes, not the middleware mounted for every method', () => {
    const catalog = catalogOf((app) => {
      app.use((_req, _res, next) => next());
      app.all('/{*path}', noop);
      // How Nest mounts a middleware on routes: one route answering every method.
      const everyMethod = app.route('/{*path}') as unknown as Record<string, (handler: unknown) => void>;
      for (const method of METHODS) everyMethod[method.toLowerCase()]?.(noop);
      app.get('/api/v1/people', noop);
      app.post('/api/v1/people', noop);
      app.delete('/api/v1/people/:id', noop);
    });
    expect(catalog.routes()).toEqual([
      { method: 'GET', path: '/api/v1/people' },
      { method: 'POST', path: '/api/v1/people' },
      { method: 'DELETE', path: '/api/v1/people/:id' },
    ]);
  });

  it('tells the methods of a path, HEAD with GET, sorted', () => {
    const catalog = catalogOf((app) => {
      app.post('/api/v1/people', noop);
      app.get('/api/v1/people', noop);
      app.patch('/api/v1/people/:id', noop);
      app.delete('/api/v1/people/:id', noop);
    });
    expect(catalog.methodsFor('/api/v1/people')).toEqual(['GET', 'HEAD', 'POST']);
    expect(catalog.methodsFor('/api/v1/people/01jd')).toEqual(['DELETE', 'PATCH']);
    expect(catalog.methodsFor('/api/v1/groups')).toEqual([]);
  });

  it('knows no route before the HTTP adapter exists', () => {
    const catalog = new RouteCatalog({} as HttpAdapterHost);
    expect(catalog.routes()).toEqual([]);
    expect(catalog.methodsFor('/x')).toEqual([]);
    const withoutRouter = new RouteCatalog({ httpAdapter: { getInstance: () => ({}) } } as unknown as HttpAdapterHost);
    expect(withoutRouter.routes()).toEqual([]);
  });
});
