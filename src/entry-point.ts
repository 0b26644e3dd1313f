import type { INestApplicationContext } from '@nestjs/common';
import { AppConfig } from './config/app-config';
import { requireSettings } from './config/required-settings';
import { processLog } from './logging/process-log';
import { Metrics } from './metrics/metrics';
import { GracefulShutdownOptions, shutdownOnSignals } from './shutdown/graceful-shutdown';

type EntryPoint = Parameters<typeof requireSettings>[0];

/** Each entry point's log context, and the prefix of its fatal line when it fails to start. */
const LOGS: Record<EntryPoint, { context: string; failure: string }> = {
  'start:prod': { context: 'Start', failure: 'failed to start' },
  'start:worker': { context: 'Worker', failure: 'worker failed to start' },
};

/**
 * Runs a production entry point: the environment read and the command's required settings checked first
 * (config/required-settings.ts), then `start`. A bad environment or a failed start is one fatal line on the entry
 * point's log and exit code 1, never a stack trace.
 */
export function runEntryPoint(command: EntryPoint, start: (config: AppConfig) => Promise<unknown>): void {
  const log = processLog(LOGS[command].context);
  let config: AppConfig;
  try {
    config = new AppConfig();
    requireSettings(command);
  } catch (error) {
    log.fatal((error as Error).message);
    process.exit(1);
  }
  start(config).catch((error: unknown) => {
    log.fatal(`${LOGS[command].failure}: ${(error as Error).message}`);
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
