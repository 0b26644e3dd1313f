import { METHODS } from 'node:http';
import { Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';

interface RouteLayer {
  route?: { path: string; methods: Record<string, boolean> };
  match(path: string): boolean;
}

export interface RegisteredRoute {
  method: string;
  path: string;
}

/**
 * Reads the routes Express has registered. Used to answer 405 with `Allow` for a known path called with the
 * wrong method, and by tests that must cover every route, including routes added later.
 */
@Injectable()
export class RouteCatalog {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  private layers(): RouteLayer[] {
    const instance = this.adapterHost.httpAdapter?.getInstance?.() as { router?: { stack: RouteLayer[] } } | undefined;
    // Nest mounts middleware (the request logger) as routes for every method; those are not endpoints.
    return (instance?.router?.stack ?? []).filter(
      (layer) => layer.route !== undefined && Object.keys(layer.route.methods).length < METHODS.length,
    );
  }

  // Express 5's `all()` names every method, so no route holds Express 4's `_all` (and the layers leave it out).
  routes(): RegisteredRoute[] {
    return this.layers().flatMap((layer) =>
      Object.keys(layer.route!.methods).map((method) => ({ method: method.toUpperCase(), path: layer.route!.path })),
    );
  }

  methodsFor(path: string): string[] {
    const methods = new Set<string>();
    for (const layer of this.layers()) {
      if (!layer.match(path)) continue;
      for (const method of Object.keys(layer.route!.methods)) methods.add(method.toUpperCase());
    }
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].sort();
  }
}
