import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { Metrics, UNMATCHED_ROUTE } from './metrics';

/**
 * Counts and times every HTTP answer by method, route template and status. The template is the route Express
 * matched (`/api/v1/people/:id`), read when the response ends; requests no route matched share one label, so
 * random paths cannot grow the number of series.
 */
export function httpMetrics(metrics: Metrics): RequestHandler {
  return (request: Request, response: Response, next: NextFunction) => {
    const started = performance.now();
    // A response finishes once: a plain listener, without the wrapper `once` builds around it.
    response.on('finish', () => {
      const seconds = (performance.now() - started) / 1000;
      const route = (request.route as { path?: unknown } | undefined)?.path;
      metrics.observeRequest(
        request.method,
        typeof route === 'string' ? route : UNMATCHED_ROUTE,
        response.statusCode,
        seconds,
      );
    });
    next();
  };
}
