import { CanActivate, INestApplication, NestInterceptor, RequestMethod } from '@nestjs/common';
import { GUARDS_METADATA, INTERCEPTORS_METADATA, METHOD_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';

const READING = new Set<RequestMethod>([RequestMethod.GET, RequestMethod.HEAD, RequestMethod.OPTIONS]);

/**
 * Puts the interceptor first on every route handler that may change something (any method but GET, HEAD and
 * OPTIONS), in every controller, including those added later: global coverage, as `APP_INTERCEPTOR` gives, without
 * sending reads through an interceptor that has nothing to do for them (with none, Nest calls the handler directly;
 * with one, every GET pays for an rxjs pipeline). Call it before `app.init()`, which is when Nest reads a route's
 * enhancers. Returns the handlers it covered.
 */
export function interceptWritingRoutes(app: INestApplication, interceptor: NestInterceptor): number {
  return enhanceRoutes(
    app,
    (method) => !READING.has(method),
    INTERCEPTORS_METADATA,
    (list) => (list.includes(interceptor) ? list : [interceptor, ...list]),
  );
}

/**
 * Puts the guard last on every route handler: after the global guards, the controller's and the route's own (which
 * a global guard would run before), as an interceptor would, but without an rxjs pipeline per request. Call it
 * before `app.init()`. Returns the handlers it covered.
 */
export function guardEveryRouteLast(app: INestApplication, guard: CanActivate): number {
  return enhanceRoutes(
    app,
    () => true,
    GUARDS_METADATA,
    (list) => (list.includes(guard) ? list : [...list, guard]),
  );
}

function enhanceRoutes(
  app: INestApplication,
  applies: (method: RequestMethod) => boolean,
  key: string,
  enhance: (list: unknown[]) => unknown[],
): number {
  let covered = 0;
  for (const module of app.get(ModulesContainer).values()) {
    for (const controller of module.controllers.values()) {
      for (const handler of handlersOf(controller.metatype)) {
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (method === undefined || !applies(method)) continue;
        // A handler inherited by two controllers is one function: `enhance` leaves it as it is the second time.
        Reflect.defineMetadata(
          key,
          enhance((Reflect.getMetadata(key, handler) as unknown[] | undefined) ?? []),
          handler,
        );
        covered++;
      }
    }
  }
  return covered;
}

/**
 * The methods of a controller class and of the classes it extends (the constructors and Object.prototype's methods
 * too: they carry no route metadata, so the caller skips them).
 */
function handlersOf(type: unknown): Set<object> {
  const handlers = new Set<object>();
  if (typeof type !== 'function') return handlers;
  for (let prototype = type.prototype as object | null; prototype;) {
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const value = Object.getOwnPropertyDescriptor(prototype, name)?.value as unknown;
      if (typeof value === 'function') handlers.add(value);
    }
    prototype = Object.getPrototypeOf(prototype) as object | null;
  }
  return handlers;
}
