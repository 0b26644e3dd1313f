import { AppConfig } from './config/app-config';
import { processLog } from './logging/process-log';

/** What a production entry point (the API, the worker) needs set, whatever else it reads. */
const REQUIRED = ['DATABASE_URL', 'REDIS_URL', 'APP_KEY'];

/**
 * Runs a production entry point: the environment read and checked first, then `start`. A bad environment or a
 * failed start is one fatal line on the `logContext` log and exit code 1, never a stack trace.
 */
export function runEntryPoint(options: {
  logContext: string;
  /** Names the entry point in the missing-variables line: `<command> needs ...<hint>`. */
  command: string;
  hint?: string;
  /** The fatal line's prefix when `start` fails. */
  failure: string;
  start: (config: AppConfig) => Promise<unknown>;
}): void {
  const log = processLog(options.logContext);
  let config: AppConfig;
  try {
    config = new AppConfig();
    const missing = REQUIRED.filter((name) => !process.env[name]);
    if (missing.length > 0) throw new Error(`${options.command} needs ${missing.join(', ')}${options.hint ?? ''}`);
  } catch (error) {
    log.fatal((error as Error).message);
    process.exit(1);
  }
  options.start(config).catch((error: unknown) => {
    log.fatal(`${options.failure}: ${(error as Error).message}`);
    process.exit(1);
  });
}
