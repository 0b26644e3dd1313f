/**
 * The worker as a separate process, for tests that kill it: `src/worker.ts`'s createWorker on the environment's
 * configuration, with test-speed lock and retry settings. Prints "worker ready" once it consumes.
 * Run with: node -r ts-node/register -r tsconfig-paths/register test/support/worker-process.ts
 */
import { AppConfig } from '../../src/config/app-config';
import { processLog } from '../../src/logging/process-log';
import { shutdownOnSignals } from '../../src/shutdown/graceful-shutdown';
import { createWorker } from '../../src/worker';

createWorker(
  { config: new AppConfig() },
  { concurrency: 5, backoffMs: 50, lockDurationMs: 1_500, stalledIntervalMs: 500, relayIntervalMs: 200 },
  { timeoutMs: 2_000, lockDurationMs: 1_500, stalledIntervalMs: 500, relayIntervalMs: 200, relayStaleMs: 3_000 },
)
  .then((app) => {
    shutdownOnSignals(app, { delayMs: 0, log: processLog('Shutdown', 'warn') });
    process.stdout.write('worker ready\n');
  })
  .catch((error: unknown) => {
    process.stderr.write(`worker failed to start: ${(error as Error).stack}\n`);
    process.exit(1);
  });
