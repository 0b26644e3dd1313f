import { INestApplication, NestInterceptor, RequestMethod } from '@nestjs/common';
import { INTERCEPTORS_METADATA, METHOD_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';

const READING = new Set<RequestMethod>([RequestMethod.GET, RequestMethod.HEAD, RequestMethod.OPTIONS]);

/**
 * Puts the interceptor first on every route handler that may change something (any method but GET, HEAD and
 * OPTIONS), in every controller, including those added later: global coverage, as `APP_INTERCEPTOR` gives, without
 * sending reads through an interceptor that has nothing to do for them (with none, Nest calls the handler directly;
 * with one, every GET pays for an rxjs pipeline). Call it before `app.init()`, which is when Nest reads a route's
 * interceptors. Returns the handlers it covered.
 */
export function interceptWritingRoutes(app: INestApplication, interceptor: NestInterceptor): number {
  let covered = 0;
  for (const module of app.get(ModulesContainer).values()) {
    for (const controller of module.controllers.values()) {
      for (const handler of handlersOf(controller.metatype)) {
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (method === undefined || READING.has(method)) continue;
        const interceptors = (Reflect.getMetadata(INTERCEPTORS_METADATA, handler) as unknown[] | undefined) ?? [];
        // A handler inherited by two controllers is one function: cover it once.
        if (!interceptors.includes(interceptor)) {
          Reflect.defineMetadata(INTERCEPTORS_METADATA, [interceptor, ...interceptors], handler);
        }
        covered++;
      }
    }
  }
  return covered;
}

/** The methods of a controller class and of the classes it extends. */
function handlersOf(type: unknown): Set<object> {
  const handlers = new Set<object>();
  if (typeof type !== 'function') return handlers;
  for (let prototype = type.prototype as object | null; prototype && prototype !== Object.prototype;) {
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const value = Object.getOwnPropertyDescriptor(prototype, name)?.value as unknown;
      if (name !== 'constructor' && typeof value === 'function') handlers.add(value);
    }
    prototype = Object.getPrototypeOf(prototype) as object | null;
  }
  return handlers;
}
