import { INestApplication, RequestMethod } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger, PinoLogger } from 'nestjs-pino';
import type { Express, NextFunction, Request, Response } from 'express';
import {
  createValidationPipe,
  deferredJsonBody,
  guardEveryRouteLast,
  JsonReplyAdapter,
  interceptWritingRoutes,
  JsonObjectBodyGuard,
  RouteCatalog,
  unknownRouteAnswer,
} from '@lib/http';
import { IdempotencyInterceptor } from './idempotency/http/idempotency.interceptor';
import { AppModule } from './app.module';
import { CoreOptions } from './core.module';
import { requestLog } from './logging/request-log';
import { httpMetrics } from './metrics/http-metrics';
import { Metrics } from './metrics/metrics';
import { closeConnectionsWhileDraining } from './shutdown/graceful-shutdown';
import { ShutdownState } from './shutdown/shutdown-state';
import { publishApiDescription } from './openapi/publish-api-description';

/** Paths outside `/api/v1`: probes, metrics, the evidence keys, the recipient's attestation page, the console and SCIM. */
const OUTSIDE_API_PREFIX = [
  { path: 'health/live', method: RequestMethod.GET },
  { path: 'health/ready', method: RequestMethod.GET },
  { path: 'metrics', method: RequestMethod.GET },
  { path: '.well-known/jwks.json', method: RequestMethod.GET },
  { path: 'attest/{*rest}', method: RequestMethod.ALL },
  { path: 'console', method: RequestMethod.ALL },
  { path: 'console/{*rest}', method: RequestMethod.ALL },
  { path: 'scim/v2', method: RequestMethod.ALL },
  { path: 'scim/v2/{*rest}', method: RequestMethod.ALL },
];

/**
 * A path with a broken percent-encoding (`/people/%zz`) would make Express fail to decode its parameters and answer
 * 400 on its own, before the pipeline. Its `%` signs are taken literally instead, so the request goes through the
 * usual checks and ends in the contract's 404 for a malformed id or an unknown route.
 */
function literalBrokenPercents(request: Request, _response: Response, next: NextFunction): void {
  // No `%` at all, nothing to decode (nearly every request): the path is not parsed for it.
  if (!request.url.includes('%')) return next();
  try {
    decodeURIComponent(request.path);
  } catch {
    const query = request.url.indexOf('?');
    const path = query === -1 ? request.url : request.url.slice(0, query);
    request.url = path.replace(/%/g, '%25') + (query === -1 ? '' : request.url.slice(query));
  }
  next();
}

/** Builds and initialises the HTTP application exactly as production runs it; tests use the same function. */
export async function createHttpApp(options: CoreOptions): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forApi(options), new JsonReplyAdapter(), {
    bodyParser: false,
    bufferLogs: true,
    abortOnError: false,
  });
  app.useLogger(app.get(Logger));
  app.set('trust proxy', process.env.TRUST_PROXY ?? 'loopback');
  app.disable('x-powered-by');
  // No ETag: hashing every JSON body costs CPU on each request (a SHA-1 of up to ~100 KB on a list page), and the
  // contract promises no conditional GETs; a page's body changes with any write anyway. Nor a 304 for a client's
  // `If-None-Match: *` or `If-Modified-Since`, which Express would answer on its own: no operation declares one.
  app.set('etag', false);
  Object.defineProperty((app.getHttpAdapter().getInstance() as Express).request, 'fresh', { get: () => false });
  app.use(requestLog(() => PinoLogger.root, options.config.logLevel));
  app.use(httpMetrics(app.get(Metrics)));
  app.use(closeConnectionsWhileDraining(app.get(ShutdownState)));
  app.use(literalBrokenPercents);
  app.use(deferredJsonBody());
  app.setGlobalPrefix('api/v1', { exclude: OUTSIDE_API_PREFIX });
  app.useGlobalPipes(createValidationPipe());
  // After every guard, the route's own included (a path's 404 comes before the body's 400), as an interceptor would,
  // but reads then run through no interceptor at all.
  guardEveryRouteLast(app, app.get(JsonObjectBodyGuard));
  // The Idempotency-Key (docs/api-guide.md#idempotency-key) for every POST and PATCH, present and future.
  interceptWritingRoutes(app, app.get(IdempotencyInterceptor));
  // Signals are handled by the entry points (src/shutdown/graceful-shutdown.ts): readiness turns 503 first.
  await app.init();
  publishApiDescription(app);
  // After every route: paths outside /api/v1 that match nothing get the same JSON 404/405 as inside it.
  const routes = app.get(RouteCatalog);
  app.use((request: Request, response: Response) => {
    const answer = unknownRouteAnswer(routes, request);
    response
      .status(answer.status)
      .set(answer.headers ?? {})
      .json(answer.body);
  });
  return app;
}
