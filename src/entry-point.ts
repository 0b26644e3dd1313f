import type { INestApplicationContext } from '@nestjs/common';
import { AppConfig } from './config/app-config';
import { requireSettings } from './config/required-settings';
import { processLog } from './logging/process-log';
import { Metrics } from './metrics/metrics';
import { GracefulShutdownOptions, shutdownOnSignals } from './shutdown/graceful-shutdown';

/**
 * Runs a production entry point: the environment read and checked first, then `start`. A bad environment or a
 * failed start is one fatal line on the `logContext` log and exit code 1, never a stack trace.
 */
export function runEntryPoint(options: {
  logContext: string;
  /** The entry point, whose required settings are checked (config/required-settings.ts). */
  command: Parameters<typeof requireSettings>[0];
  /** The fatal line's prefix when `start` fails. */
  failure: string;
  start: (config: AppConfig) => Promise<unknown>;
}): void {
  const log = processLog(options.logContext);
  let config: AppConfig;
  try {
    config = new AppConfig();
    requireSettings(options.command);
  } catch (error) {
    log.fatal((error as Error).message);
    process.exit(1);
  }
  options.start(config).catch((error: unknown) => {
    log.fatal(`${options.failure}: ${(error as Error).message}`);
    process.exit(1);
  });
}

/** A started process, API or worker, from now on: its process metrics, and a graceful stop on SIGTERM or SIGINT. */
export function serveUntilSignalled(
  app: INestApplicationContext,
  config: AppConfig,
  shutdown: Omit<GracefulShutdownOptions, 'log'>,
): void {
  app.get(Metrics).collectProcessMetrics();
  shutdownOnSignals(app, { log: processLog('Shutdown', config.logLevel), ...shutdown });
}
