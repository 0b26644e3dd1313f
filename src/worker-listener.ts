import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { INestApplicationContext } from '@nestjs/common';
import type Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { AppConfig } from './config/app-config';
import { answerMetrics } from './metrics/metrics-endpoint';
import { Metrics } from './metrics/metrics';
import { REQUEST_REDIS } from './redis/redis.module';
import { ShutdownState } from './shutdown/shutdown-state';

type Status = { status: 'up' | 'down' };

/** One bounded check: a dependency that does not answer within `ms` is down, never waited on. */
async function probe(check: () => Promise<unknown>, ms: number): Promise<Status> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Status>((resolve) => {
    timer = setTimeout(() => resolve({ status: 'down' }), ms);
  });
  const answer = check().then(
    (): Status => ({ status: 'up' }),
    (): Status => ({ status: 'down' }),
  );
  const status = await Promise.race([answer, late]);
  clearTimeout(timer);
  return status;
}

/**
 * The worker's small HTTP listener on WORKER_PORT: `GET /metrics` (as on the API), `GET /health/live` and
 * `GET /health/ready` (PostgreSQL and Redis answer, and the worker is not shutting down), in the API's terminus
 * format without error messages. Anything else is a JSON 404.
 */
export async function startWorkerListener(app: INestApplicationContext, port: number): Promise<Server> {
  const config = app.get(AppConfig);
  const metrics = app.get(Metrics);
  const dataSource = app.get(DataSource);
  const redis = app.get<Redis | null>(REQUEST_REDIS);
  const shutdown = app.get(ShutdownState);

  const ready = async () => {
    const [database, cache] = await Promise.all([
      probe(() => dataSource.query('SELECT 1'), 1500),
      redis ? probe(() => redis.ping(), 1500) : Promise.resolve<Status>({ status: 'up' }),
    ]);
    const details: Record<string, Status> = {
      shutdown: { status: shutdown.draining ? 'down' : 'up' },
      database,
      redis: cache,
    };
    const up = Object.values(details).every((check) => check.status === 'up');
    const pick = (wanted: 'up' | 'down') =>
      Object.fromEntries(Object.entries(details).filter(([, check]) => check.status === wanted));
    return {
      status: up ? 200 : 503,
      body: { status: up ? 'ok' : 'error', info: pick('up'), error: pick('down'), details },
    };
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '/').split('?')[0];
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
      response.end(JSON.stringify(body));
    };
    const started = process.hrtime.bigint();
    let route = '(unmatched)';
    try {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        json(['/metrics', '/health/live', '/health/ready'].includes(path) ? 405 : 404, { error: 'Not found.' });
      } else if (path === '/metrics') {
        route = '/metrics';
        const answer = await answerMetrics(metrics, config.metricsToken, request.headers.authorization);
        response.writeHead(answer.status, { 'Content-Type': answer.contentType });
        response.end(answer.body);
      } else if (path === '/health/live') {
        route = '/health/live';
        json(200, { status: 'ok', info: {}, error: {}, details: {} });
      } else if (path === '/health/ready') {
        route = '/health/ready';
        const answer = await ready();
        json(answer.status, answer.body);
      } else {
        json(404, { error: 'Not found.' });
      }
    } catch {
      if (!response.headersSent) json(500, { error: 'Server Error.' });
      else response.destroy();
    } finally {
      metrics.observeRequest(
        request.method ?? 'GET',
        route,
        response.statusCode,
        Number(process.hrtime.bigint() - started) / 1e9,
      );
    }
  };

  const server = createServer((request, response) => void handle(request, response));
  // Probes and scrapes are short: a client that stalls is dropped rather than kept.
  server.requestTimeout = 10_000;
  server.headersTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

export function closeListener(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
